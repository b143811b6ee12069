import { z } from "zod";
import { JevError } from "@/lib/base/errors";
import { loadConfig } from "@/lib/config";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { parseSweep } from "@/lib/replay/sweep";
import { DEFAULT_RULES } from "@/lib/rules/config";
import { parseRules } from "@/lib/rules/rules-file";
import { liveCtx } from "@/lib/services/context";
import { recentReplayRuns } from "@/lib/services/replay/runs";
import { replayUpload } from "@/lib/services/replay/upload";

export const dynamic = "force-dynamic";

const ReplayQuery = z.object({
  rules: z.string().max(10_000).optional(),
  sweep: z.string().max(10_000).optional(),
  strict: z.enum(["1", "true", "0", "false"]).optional(),
});

/** Replay a JSONL body (streamed) under `?rules=` (a rules file's JSON, only what it changes), and every point of `?sweep=` (a sweep file's JSON); the run is stored. */
export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const query = parseWith(ReplayQuery, searchParamsOf(request));
    const rules = query.rules ? parseRules(query.rules) : DEFAULT_RULES;
    const { replayMaxBytes } = loadConfig();
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > replayMaxBytes) throw new JevError("payload_too_large", `replay log over ${replayMaxBytes / 1e6} MB (JEV_REPLAY_MAX_MB)`);
    const run = await replayUpload(liveCtx(), request.body, {
      rules,
      sweep: query.sweep ? parseSweep(query.sweep, "sweep") : undefined,
      maxBytes: replayMaxBytes,
      expectedBytes: declared || undefined,
      strict: query.strict === "1" || query.strict === "true",
    });
    return Response.json(run, { status: 201 });
  });
}

const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() });

/** The stored runs, newest first, without their reports. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const { limit } = parseWith(ListQuery, searchParamsOf(request));
    return Response.json({ runs: await recentReplayRuns(liveCtx(), { limit }) });
  });
}
