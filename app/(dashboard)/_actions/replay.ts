"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { describeZodIssue, JevError } from "@/lib/errors";
import { SweepGrid } from "@/lib/replay/sweep";
import { RulesConfig } from "@/lib/rules/config";
import { appendUpload, beginUpload, defaultUploadStore, UPLOAD_CHUNK_BYTES } from "@/lib/services/replay-upload-files";
import { startReplayService } from "@/lib/services/start-replay";
import { ReplaySource } from "@/lib/vocab/replay-runs";

type Result<T> = ({ ok: true } & T) | { ok: false; message: string };

const checkbox = z.preprocess((v) => v === "on" || v === true, z.boolean());
/** A sweep field: the values to try, separated by commas or spaces; empty leaves the setting as the rules give it. */
const valueList = z
  .string()
  .optional()
  .transform((text) =>
    text
      ?.split(/[\s,]+/)
      .filter(Boolean)
      .map(Number),
  )
  .transform((list) => (list?.length ? list : undefined));

const StartForm = z.object({
  source: ReplaySource,
  upload: z.string().max(64).optional(),
  dedup_loaded: checkbox,
  enabled: checkbox,
  min_suggestions: z.coerce.number().int().min(1),
  window_days: z.coerce.number().positive(),
  max_load_ratio: z.coerce.number().min(0).max(1),
  retry_hours: z.coerce.number().min(0),
  attribution_minutes: z.coerce.number().min(0),
  sweep: checkbox,
  sweep_dedup: z.enum(["as_set", "both"]).optional(),
  sweep_min_suggestions: valueList,
  sweep_window_days: valueList,
  sweep_max_load_ratio: valueList,
  sweep_retry_hours: valueList,
});

async function guarded<T>(run: () => Promise<Result<T>> | Result<T>): Promise<Result<T>> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] replay action failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "the replay could not be started" };
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new JevError("bad_request", describeZodIssue(result.error.issues[0]).message);
  return result.data;
}

/** The Replay page's "Start a run": my last 7 days, the demo week, or a complete upload, under the form's rules (and sweep). */
export async function startReplay(form: FormData): Promise<Result<{ id: number }>> {
  return guarded(async () => {
    const f = parsed(StartForm, Object.fromEntries(form));
    const rules = RulesConfig.parse({
      dedup_loaded: f.dedup_loaded,
      attribution_minutes: f.attribution_minutes,
      suppression: {
        enabled: f.enabled,
        min_suggestions: f.min_suggestions,
        window_days: f.window_days,
        max_load_ratio: f.max_load_ratio,
        retry_hours: f.retry_hours,
      },
    });
    const sweep = f.sweep
      ? parsed(SweepGrid, {
          dedup_loaded: f.sweep_dedup === "both" ? [true, false] : undefined,
          min_suggestions: f.sweep_min_suggestions,
          window_days: f.sweep_window_days,
          max_load_ratio: f.sweep_max_load_ratio,
          retry_hours: f.sweep_retry_hours,
        })
      : undefined;
    if (sweep && Object.values(sweep).every((v) => v === undefined))
      throw new JevError("bad_request", "sweep: give the values to try for at least one setting");
    const { id } = await startReplayService(getDb(), loadConfig(), { source: f.source, rules, sweep, uploadId: f.upload });
    return { ok: true, id };
  });
}

/** Start uploading a log of `size` bytes in pieces (a server action's body is held whole, so a large file is sent a piece at a time). */
export async function beginReplayUpload(size: number): Promise<Result<{ id: string; chunkBytes: number }>> {
  return guarded(() => {
    const { id } = beginUpload(defaultUploadStore(loadConfig().replayMaxBytes), parsed(z.number(), size));
    return { ok: true, id, chunkBytes: UPLOAD_CHUNK_BYTES };
  });
}

const UploadPiece = z.object({ id: z.string().max(64), offset: z.coerce.number().int().min(0), chunk: z.instanceof(Blob) });

/** One piece of an upload, in order: `offset` is the bytes sent before it. */
export async function appendReplayUpload(form: FormData): Promise<Result<{ received: number }>> {
  return guarded(async () => {
    const piece = parsed(UploadPiece, Object.fromEntries(form));
    const bytes = new Uint8Array(await piece.chunk.arrayBuffer());
    return { ok: true, ...appendUpload(defaultUploadStore(loadConfig().replayMaxBytes), piece.id, piece.offset, bytes) };
  });
}
