"use server";

import { z } from "zod";
import { JevError } from "@/lib/base/errors";
import { guardedAction } from "@/lib/http/guarded-action";
import { SweepGrid } from "@/lib/replay/sweep";
import { RulesConfig } from "@/lib/rules/config";
import { appendUpload, beginReplayRun, beginUpload, defaultUploadStore, UPLOAD_CHUNK_BYTES } from "@/lib/services/replay";
import { ReplaySource } from "@/lib/vocab/replay-runs";

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

/** The Replay page's "Start a run": my last 7 days, the demo week, or a complete upload, under the form's rules (and sweep). */
export const startReplay = guardedAction(
  StartForm,
  async (f, ctx) => {
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
      ? SweepGrid.parse({
          dedup_loaded: f.sweep_dedup === "both" ? [true, false] : undefined,
          min_suggestions: f.sweep_min_suggestions,
          window_days: f.sweep_window_days,
          max_load_ratio: f.sweep_max_load_ratio,
          retry_hours: f.sweep_retry_hours,
        })
      : undefined;
    if (sweep && Object.values(sweep).every((v) => v === undefined))
      throw new JevError("bad_request", "sweep: give the values to try for at least one setting");
    const { id } = await beginReplayRun(ctx, { source: f.source, rules, sweep, uploadId: f.upload });
    return { id };
  },
  "starting the replay",
);

/** Start uploading a log of `size` bytes in pieces (a server action's body is held whole, so a large file is sent a piece at a time). */
export const beginReplayUpload = guardedAction(
  z.object({ size: z.number() }),
  ({ size }, { config }) => {
    const { id } = beginUpload(defaultUploadStore(config.replayMaxBytes), size);
    return { id, chunkBytes: UPLOAD_CHUNK_BYTES };
  },
  "the upload",
);

const UploadPiece = z.object({ id: z.string().max(64), offset: z.coerce.number().int().min(0), chunk: z.instanceof(Blob) });

/** One piece of an upload, in order: `offset` is the bytes sent before it. */
export const appendReplayUpload = guardedAction(
  UploadPiece,
  async (piece, { config }) => {
    const bytes = new Uint8Array(await piece.chunk.arrayBuffer());
    return appendUpload(defaultUploadStore(config.replayMaxBytes), piece.id, piece.offset, bytes);
  },
  "the upload",
);
