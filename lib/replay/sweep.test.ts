import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "../rules/config";
import { replayLine } from "./log-line";
import { readReplayLog } from "./read-log";
import { runReplay } from "./run-replay";
import { parseSweep, runSweep, sweepRules } from "./sweep";
import { syntheticLog } from "./synthetic-log";

describe("sweep", () => {
  it("tries every combination, each point equal to a replay of its own rules, and marks the frontier", async () => {
    const { events } = await readReplayLog(
      [...syntheticLog({ events: 3_000, skills: 30, sessions: 200, days: 10, start: Date.parse("2026-11-01T00:00:00Z") })].map(replayLine),
    );
    const grid = parseSweep('{"min_suggestions": [3, 5, 10], "max_load_ratio": [0.05, 0.2], "dedup_loaded": [true, false]}');
    const points = runSweep(events, grid, DEFAULT_RULES);
    expect(points).toHaveLength(12);
    for (const p of points.slice(0, 3)) expect(p.suggestions_kept).toBe(runReplay(events, p.rules).replayed.suggestions);
    const frontier = points.filter((p) => p.frontier);
    expect(frontier.length).toBeGreaterThan(0);
    for (const p of points) {
      const dominated = points.some(
        (q) =>
          q.suggestions_removed >= p.suggestions_removed &&
          q.loads_lost <= p.loads_lost &&
          (q.suggestions_removed > p.suggestions_removed || q.loads_lost < p.loads_lost),
      );
      expect(p.frontier).toBe(!dominated);
    }
  });

  it("refuses unknown settings, empty lists and oversized grids, naming the field", () => {
    expect(() => parseSweep('{"min_suggestion": [3]}')).toThrow(/sweep/);
    expect(() => parseSweep('{"window_days": []}')).toThrow(/window_days/);
    const big = parseSweep(
      JSON.stringify({
        min_suggestions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        window_days: [1, 2, 3, 4, 5, 6, 7],
        max_load_ratio: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
      }),
    );
    expect(() => sweepRules(big, DEFAULT_RULES)).toThrow(/at most 500/);
  });
});
