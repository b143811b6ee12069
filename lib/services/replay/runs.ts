import { getReplayRun, listReplayRuns, type ReplayRunListRow, type ReplayRunRow } from "../../../db/queries/replay-runs";
import { JevError } from "../../base/errors";
import type { ReplayReport } from "../../replay/report";
import type { SweepGrid, SweepPoint } from "../../replay/sweep";
import type { RulesConfig } from "../../rules/config";
import type { ReplayPhase, ReplaySource, ReplayStatus } from "../../vocab/replay-runs";
import type { DbCtx } from "../context";

/** A running run that has not written progress for this long was cut short (its server stopped). */
export const RUN_STALE_MS = 60_000;

export interface ReplaySweep {
  grid: SweepGrid;
  points: SweepPoint[];
}

export interface ReplayRun {
  id: number;
  at: string;
  source: ReplaySource;
  status: ReplayStatus;
  phase: ReplayPhase;
  /** Share of the run done, 0..1. */
  progress: number;
  error?: string;
  rules: RulesConfig;
  log: { digest: string; bytes: number; events: number; bad_lines: number };
  /** Points swept (0 for a single replay): in lists too, where `sweep` itself is left out. */
  sweep_points: number;
  report?: ReplayReport;
  sweep?: ReplaySweep;
}

function toRun(row: ReplayRunListRow & Partial<Pick<ReplayRunRow, "report" | "sweep">>, now: number): ReplayRun {
  const stale = row.status === "running" && row.updatedAt < now - RUN_STALE_MS;
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    source: row.source as ReplaySource,
    status: stale ? "failed" : (row.status as ReplayStatus),
    phase: row.phase as ReplayPhase,
    progress: row.progress,
    ...(stale ? { error: "interrupted: the server stopped before the run finished" } : row.error ? { error: row.error } : {}),
    rules: JSON.parse(row.rules),
    log: { digest: row.logDigest, bytes: row.logBytes, events: row.events, bad_lines: row.badLines },
    sweep_points: row.sweepPoints,
    ...(row.report ? { report: JSON.parse(row.report) } : {}),
    ...(row.sweep ? { sweep: JSON.parse(row.sweep) } : {}),
  };
}

export async function recentReplayRuns(ctx: DbCtx, input: { limit?: number } = {}): Promise<ReplayRun[]> {
  const { db } = ctx;
  const limit = input.limit ?? 50;
  const now = ctx.clock();
  return (await listReplayRuns(db, limit)).map((row) => toRun(row, now));
}

export async function replayRun(ctx: DbCtx, input: { id: number }): Promise<ReplayRun> {
  const { db } = ctx;
  const { id } = input;
  const now = ctx.clock();
  const row = await getReplayRun(db, id);
  if (!row) throw new JevError("not_found", `no replay run ${id}`);
  return toRun(row, now);
}
