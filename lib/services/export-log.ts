import type { Db } from "../../db/client";
import { liveReplayEvents } from "../../db/queries/replay-log";
import { replayLine } from "../replay/log-line";
import { resolveRange } from "./decision-summary";

/**
 * The live suggestions and loads between `from` and `to` (UTC days, `to`
 * inclusive, or instants; default the last 7 days) as replay-log lines, so a
 * user replays their own week. Lazily, a line at a time.
 */
export function exportReplayLog(db: Db, range: { from?: string; to?: string }, now?: number): { from: number; to: number; lines: Iterable<string> } {
  const { from, to } = resolveRange(range, now);
  return {
    from,
    to,
    lines: (function* () {
      for (const e of liveReplayEvents(db, from, to)) yield replayLine(e);
    })(),
  };
}
