import { liveReplayEvents } from "../../../db/queries/replay-log";
import { replayLine } from "../../replay/log-line";
import type { DbCtx } from "../context";
import { resolveRange } from "./summary";

/** Lines per batch of the export. */
const LINES_PER_BATCH = 2_000;

/**
 * The live suggestions and loads between `from` and `to` (UTC days, `to`
 * inclusive, or instants; default the last 7 days) as replay-log lines, so a
 * user replays their own week. Lazily, a batch of lines at a time.
 */
export function exportReplayLog(ctx: DbCtx, range: { from?: string; to?: string }): { from: number; to: number; batches: AsyncGenerator<string[]> } {
  const { db } = ctx;
  const { from, to } = resolveRange(range, ctx.clock());
  return {
    from,
    to,
    batches: (async function* () {
      let batch: string[] = [];
      for await (const e of liveReplayEvents(db, from, to)) {
        batch.push(replayLine(e));
        if (batch.length === LINES_PER_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    })(),
  };
}
