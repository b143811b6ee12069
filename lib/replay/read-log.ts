import { EventColumns } from "./event-columns";
import { parseReplayLine } from "./log-line";

/** Bad lines shown by number; the rest are only counted. */
export const SHOWN_BAD_LINES = 10;

export interface BadLines {
  count: number;
  /** The first SHOWN_BAD_LINES, with 1-based line numbers. */
  first: { line: number; problem: string }[];
}

export interface ReadLog {
  events: EventColumns;
  badLines: BadLines;
}

/** Thrown in strict mode at the first bad line. */
export class BadReplayLine extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = "BadReplayLine";
  }
}

/**
 * Read a replay log (any order; blank lines skipped): the lines themselves,
 * or batches of them as `lineBatches` reads a stream. A bad line is counted
 * and the run goes on; with `strict`, the first one throws BadReplayLine.
 * `onBatch` sees the lines and characters read, for progress.
 */
export async function readReplayLog(
  source: Iterable<string> | AsyncIterable<string[]>,
  options: { strict?: boolean; onBatch?: (lines: number, chars: number) => void } = {},
): Promise<ReadLog> {
  const events = new EventColumns();
  const badLines: BadLines = { count: 0, first: [] };
  let n = 0;
  const take = (batch: Iterable<string>) => {
    let lines = 0;
    let chars = 0;
    for (const raw of batch) {
      n++;
      lines++;
      chars += raw.length + 1;
      const text = raw.trim();
      if (!text) continue;
      const parsed = parseReplayLine(text);
      if ("problem" in parsed) {
        if (options.strict) throw new BadReplayLine(n, parsed.problem);
        badLines.count++;
        if (badLines.first.length < SHOWN_BAD_LINES) badLines.first.push({ line: n, problem: parsed.problem });
        continue;
      }
      events.push(parsed.at, parsed.kind, parsed.session, parsed.skill);
    }
    options.onBatch?.(lines, chars);
  };
  if (Symbol.asyncIterator in source) for await (const batch of source) take(batch);
  else take(source);
  return { events, badLines };
}
