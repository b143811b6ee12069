import { processWide } from "./process-state";

/** How often a repeating line is printed at most; the repeats in between are counted into the next one. */
const WINDOW_MS = 60_000;

const seen = processWide("jev.rateLimitedLines", () => new Map<string, { at: number; repeats: number }>());

/**
 * A line that may repeat under a fault (every turn's log row failing on a
 * full disk): printed the first time, then at most once a minute with how
 * many times it repeated meanwhile, so the log that is already filling up
 * takes one line a minute instead of one per request.
 */
export function errorAtMostEveryMinute(line: string, now = Date.now()): void {
  const last = seen.get(line);
  if (last && now - last.at < WINDOW_MS) {
    last.repeats++;
    return;
  }
  const repeats = last?.repeats ?? 0;
  seen.set(line, { at: now, repeats: 0 });
  if (seen.size > 100) seen.delete(seen.keys().next().value as string);
  console.error(repeats > 0 ? `${line} (and ${repeats} more times in the last minute)` : line);
}
