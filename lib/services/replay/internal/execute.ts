import type { Db } from "../../../../db/client";
import { insertReplayRun, updateReplayRun } from "../../../../db/queries/replay-runs";
import { JevError } from "../../../base/errors";
import { drainAsync } from "../../../base/steps";
import { BadReplayLine, readReplayLog } from "../../../replay/read-log";
import { replaySteps } from "../../../replay/run-replay";
import { type SweepGrid, sweepRules, sweepSteps } from "../../../replay/sweep";
import type { RulesConfig } from "../../../rules/config";
import type { ReplayPhase, ReplaySource } from "../../../vocab/replay-runs";
import { ctxAt } from "../../context";
import { type ReplayRun, replayRun } from "../runs";

/** A log to replay: lines or line batches, with what was read so far and, at the end, its size and digest. */
export interface ReplayLogInput {
  batches: Iterable<string> | AsyncIterable<string[]>;
  bytesRead: () => number;
  /** The log's size when known beforehand (a file, a declared body), for progress while reading. */
  expectedBytes?: number;
  done: () => { bytes: number; digest: string };
}

export interface ReplayRunInput {
  source: ReplaySource;
  log: ReplayLogInput;
  rules: RulesConfig;
  /** Also replay every point of this grid over `rules` (the same parsed log). */
  sweep?: SweepGrid;
  strict?: boolean;
}

/** Writes progress no more often than this: a run's row is read by pages polling it, not a log of every slice. */
const PROGRESS_EVERY_MS = 250;

/** Each phase's share of the progress bar: a sweep is mostly sweeping. */
const PHASE_SHARES: Record<"single" | "sweep", Record<"reading" | "replaying" | "sweeping", [number, number]>> = {
  single: { reading: [0, 0.5], replaying: [0.5, 1], sweeping: [1, 1] },
  sweep: { reading: [0, 0.1], replaying: [0.1, 0.15], sweeping: [0.15, 1] },
};

/** Store a new run as running and return its id; `executeReplay` then carries it to done or failed. */
export function createReplayRun(db: Db, input: Pick<ReplayRunInput, "source" | "rules" | "sweep">, now = Date.now()): Promise<number> {
  if (input.sweep) sweepRules(input.sweep, input.rules); // a grid over the point limit fails before anything runs
  return insertReplayRun(db, {
    at: now,
    updatedAt: now,
    source: input.source,
    status: "running",
    phase: "reading",
    progress: 0,
    rules: JSON.stringify(input.rules),
  });
}

/**
 * Read the log, replay it under the rules (and every point of the sweep),
 * a slice at a time so the server keeps answering, writing progress to the
 * run's row as it goes; store the report, or the failure, and return the run.
 */
export async function executeReplay(db: Db, id: number, input: ReplayRunInput, clock: () => number = Date.now): Promise<ReplayRun> {
  const shares = PHASE_SHARES[input.sweep ? "sweep" : "single"];
  let lastWrite = 0;
  let lastPhase: ReplayPhase = "reading";
  // Progress is written in order, one write after another, without holding up the replay.
  let progressWritten: Promise<void> = Promise.resolve();
  const progress = (phase: "reading" | "replaying" | "sweeping", done: number) => {
    const now = clock();
    if (phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastPhase = phase;
    lastWrite = now;
    const [from, to] = shares[phase];
    progressWritten = progressWritten
      .then(() => updateReplayRun(db, id, { phase, progress: from + (to - from) * Math.min(1, done), updatedAt: now }))
      .catch(() => {});
  };
  try {
    const read = await readReplayLog(input.log.batches, {
      strict: input.strict,
      onBatch: () => progress("reading", input.log.expectedBytes ? input.log.bytesRead() / input.log.expectedBytes : 0),
    });
    const { bytes, digest } = input.log.done();
    await progressWritten;
    await updateReplayRun(db, id, { events: read.events.length, badLines: read.badLines.count, logBytes: bytes, logDigest: digest });
    progress("replaying", 0);
    const report = await drainAsync(replaySteps(read.events, input.rules, read.badLines), (done) => progress("replaying", done));
    const points = input.sweep
      ? await drainAsync(sweepSteps(read.events, sweepRules(input.sweep, input.rules)), (done) => progress("sweeping", done))
      : undefined;
    await progressWritten;
    await updateReplayRun(db, id, {
      status: "done",
      phase: "finished",
      progress: 1,
      updatedAt: clock(),
      report: JSON.stringify(report),
      ...(points ? { sweep: JSON.stringify({ grid: input.sweep, points }), sweepPoints: points.length } : {}),
    });
    return await replayRun(ctxAt(db, undefined, clock()), { id });
  } catch (err) {
    const failure = err instanceof BadReplayLine ? new JevError("bad_request", `body ${err.message}`, "body") : err instanceof JevError ? err : null;
    if (!failure) console.error(`[jev] replay run ${id} failed (${err instanceof Error ? err.name : typeof err})`);
    await progressWritten;
    await updateReplayRun(db, id, { status: "failed", updatedAt: clock(), error: failure?.message ?? "the replay failed" });
    throw failure ?? err;
  }
}
