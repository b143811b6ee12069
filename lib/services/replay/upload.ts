import { deleteReplayRun } from "../../../db/queries/replay-runs";
import { JevError } from "../../base/errors";
import type { SweepGrid } from "../../replay/sweep";
import { webLineBatches } from "../../replay/web-lines";
import type { RulesConfig } from "../../rules/config";
import type { DbCtx } from "../context";
import { createReplayRun, executeReplay } from "./internal/execute";
import type { ReplayRun } from "./runs";

/**
 * `POST /api/replay`: replay an uploaded log (streamed, never held whole) under `rules`, and every point of `sweep`
 * if given; store the run and return it with its report. While it runs it is listed with its progress; an upload
 * refused for the client's fault (too large, a bad line in strict mode) leaves no run behind.
 */
export async function replayUpload(
  ctx: DbCtx,
  options: { body: ReadableStream<Uint8Array> | null; rules: RulesConfig; sweep?: SweepGrid; maxBytes: number; expectedBytes?: number; strict?: boolean },
): Promise<ReplayRun> {
  const { db } = ctx;
  const { body } = options;
  const id = await createReplayRun(db, { source: "upload", rules: options.rules, sweep: options.sweep }, ctx.clock());
  const log = { ...webLineBatches(body, options.maxBytes), expectedBytes: options.expectedBytes };
  try {
    return await executeReplay(db, id, { source: "upload", log, rules: options.rules, sweep: options.sweep, strict: options.strict }, ctx.clock);
  } catch (err) {
    if (err instanceof JevError && err.status < 500) await deleteReplayRun(db, id);
    throw err;
  }
}
