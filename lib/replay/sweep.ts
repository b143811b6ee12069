import { z } from "zod";
import { JevError } from "../base/errors";
import { parseJsonWith } from "../base/json-file";
import { drain, partOf, type Steps } from "../base/steps";
import type { RulesConfig } from "../rules/config";
import type { EventColumns } from "./event-columns";
import { replaySteps } from "./run-replay";

/**
 * A sweep file: the values to try for each rule setting; a setting left out
 * keeps the base rules' value. Every combination is one point.
 */
export const SweepGrid = z
  .object({
    dedup_loaded: z.array(z.boolean()).min(1).max(2),
    min_suggestions: z.array(z.number().int().min(1)).min(1).max(20),
    window_days: z.array(z.number().positive()).min(1).max(20),
    max_load_ratio: z.array(z.number().min(0).max(1)).min(1).max(20),
    retry_hours: z.array(z.number().min(0)).min(1).max(20),
  })
  .partial()
  .strict();
export type SweepGrid = z.infer<typeof SweepGrid>;

/** Points one sweep may ask for. */
export const MAX_SWEEP_POINTS = 500;

export interface SweepPoint {
  rules: RulesConfig;
  suggestions_kept: number;
  loads_kept: number;
  load_rate: number;
  suggestions_removed: number;
  loads_lost: number;
  /** No other point removes at least as many suggestions while losing fewer loads (or removes more for the same loss). */
  frontier: boolean;
}

export function parseSweep(text: string, source = "sweep"): SweepGrid {
  return parseJsonWith(SweepGrid, text, source, "sweep");
}

/** Every combination of the grid over `base`. */
export function sweepRules(grid: SweepGrid, base: RulesConfig): RulesConfig[] {
  let points: RulesConfig[] = [base];
  const vary = <T>(values: T[] | undefined, set: (r: RulesConfig, v: T) => RulesConfig) => {
    if (values) points = points.flatMap((r) => values.map((v) => set(r, v)));
  };
  vary(grid.dedup_loaded, (r, v) => ({ ...r, dedup_loaded: v }));
  vary(grid.min_suggestions, (r, v) => ({ ...r, suppression: { ...r.suppression, min_suggestions: v } }));
  vary(grid.window_days, (r, v) => ({ ...r, suppression: { ...r.suppression, window_days: v } }));
  vary(grid.max_load_ratio, (r, v) => ({ ...r, suppression: { ...r.suppression, max_load_ratio: v } }));
  vary(grid.retry_hours, (r, v) => ({ ...r, suppression: { ...r.suppression, retry_hours: v } }));
  if (points.length > MAX_SWEEP_POINTS) throw new JevError("bad_request", `sweep: ${points.length} points, at most ${MAX_SWEEP_POINTS}`, "sweep");
  return points;
}

/** Replay the one parsed log under every point of the grid; mark the Pareto frontier of suggestions removed against loads lost. */
export function runSweep(events: EventColumns, grid: SweepGrid, base: RulesConfig, onPoint?: (done: number, total: number) => void): SweepPoint[] {
  const all = sweepRules(grid, base);
  return drain(sweepSteps(events, all, onPoint));
}

/** runSweep over rules already expanded, a slice at a time: yields the share of the whole sweep done. */
export function* sweepSteps(events: EventColumns, all: RulesConfig[], onPoint?: (done: number, total: number) => void): Steps<SweepPoint[]> {
  const points: SweepPoint[] = [];
  for (let i = 0; i < all.length; i++) {
    const rules = all[i];
    const r = yield* partOf(replaySteps(events, rules), i, all.length);
    onPoint?.(i + 1, all.length);
    yield (i + 1) / all.length;
    points.push({
      rules,
      suggestions_kept: r.replayed.suggestions,
      loads_kept: r.replayed.loaded,
      load_rate: r.replayed.load_rate,
      suggestions_removed: r.recorded.suggestions - r.replayed.suggestions,
      loads_lost: r.removed.loads_lost,
      frontier: false,
    });
  }
  markFrontier(points);
  return points;
}

/** A point is on the frontier when no other removes at least as many suggestions while losing no more loads (and does better on one). */
function markFrontier(points: SweepPoint[]): void {
  for (const p of points) {
    p.frontier = !points.some(
      (q) =>
        q !== p &&
        q.suggestions_removed >= p.suggestions_removed &&
        q.loads_lost <= p.loads_lost &&
        (q.suggestions_removed > p.suggestions_removed || q.loads_lost < p.loads_lost),
    );
  }
}
