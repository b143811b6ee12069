import { JevError } from "@/lib/base/errors";
import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { parseSweep } from "@/lib/replay/sweep";
import { DEFAULT_RULES } from "@/lib/rules/config";
import { parseRules } from "@/lib/rules/rules-file";
import { recentReplayRuns, replayUpload } from "@/lib/services/replay";
import { ListQuery, ReplayQuery } from "./schema";

/** POST /api/replay: replay a JSONL body (streamed) under `?rules=` (only what it changes) and every point of `?sweep=`; the run is stored. */
export const replayUploadReply: RouteHandler = async (request, _params, ctx) => {
  const query = parseWith(ReplayQuery, searchParamsOf(request));
  const rules = query.rules ? parseRules(query.rules) : DEFAULT_RULES;
  const { replayMaxBytes } = ctx.config;
  const declared = Number(request.header("content-length") ?? "0");
  if (declared > replayMaxBytes) throw new JevError("payload_too_large", `replay log over ${replayMaxBytes / 1e6} MB (JEV_REPLAY_MAX_MB)`);
  const run = await replayUpload(ctx, {
    body: request.bodyStream(),
    rules,
    sweep: query.sweep ? parseSweep(query.sweep, "sweep") : undefined,
    maxBytes: replayMaxBytes,
    expectedBytes: declared || undefined,
    strict: query.strict === "1" || query.strict === "true",
  });
  return jsonReply(run, 201);
};

/** GET /api/replay: the stored runs, newest first, without their reports. */
export const replayRunsReply: RouteHandler = async (request, _params, ctx) => {
  const { limit } = parseWith(ListQuery, searchParamsOf(request));
  return jsonReply({ runs: await recentReplayRuns(ctx, { limit }) });
};
