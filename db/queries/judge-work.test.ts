import { describe, expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { type DialectContext, describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { histogramPercentile, latencyBucket } from "../../lib/vocab/latency-buckets";
import { insertDecision, uncountDecisions } from "./decisions";
import { summarizeJudgeWork } from "./judge-work";

/** Decisions every 7 minutes over two days; every fifth never reached the judge. */
async function seed(t: DialectContext) {
  const base = Date.parse("2026-11-20T00:00:00Z");
  const rows = Array.from({ length: 400 }, (_, i) => {
    const at = base + i * 7 * 60_000;
    const asked = i % 5 !== 0;
    return {
      at,
      day: utcDay(at),
      status: "ok" as const,
      outcome: "nothing_fits" as const,
      reasonCode: null,
      latencyMs: 10,
      catalogSize: 300,
      skillsReturned: 0,
      judge: "openai",
      channel: "api",
      stageOneMs: asked ? 80 + ((i * 37) % 900) : null,
      stageTwoMs: asked && i % 2 ? 150 + ((i * 11) % 300) : null,
      requests: asked ? 3 + (i % 2) : 0,
    };
  });
  for (const r of rows) await insertDecision(t.db, r);
  return rows;
}

/** The same figures counted from the rows themselves. */
function counted(rows: Awaited<ReturnType<typeof seed>>, from: number, to: number) {
  const asked = rows.filter((r) => r.at >= from && r.at < to && r.stageOneMs !== null);
  const histogram = new Map<number, number>();
  for (const r of asked) {
    const b = latencyBucket((r.stageOneMs ?? 0) + (r.stageTwoMs ?? 0));
    histogram.set(b, (histogram.get(b) ?? 0) + 1);
  }
  const requests = asked.reduce((n, r) => n + r.requests, 0);
  return {
    turns: asked.length,
    requestsPerTurn: Math.round((requests / asked.length) * 100) / 100,
    latencyMs: { p50: histogramPercentile(histogram, asked.length, 50), p95: histogramPercentile(histogram, asked.length, 95) },
  };
}

describeOnBothDatabases("judge work", (t) => {
  describe("judge work: requests per turn and judge latency", () => {
    it("mid-hour to mid-hour, from the rollups and the edge rows: the same as counting the rows", async () => {
      const rows = await seed(t);
      const from = Date.parse("2026-11-20T03:25:00Z");
      const to = Date.parse("2026-11-21T09:40:00Z");
      const work = await summarizeJudgeWork(t.db, { from, to });
      expect({ turns: work.turns, requestsPerTurn: work.requestsPerTurn, latencyMs: work.latencyMs }).toEqual(counted(rows, from, to));
      expect(work.byDay.map((d) => d.day)).toEqual(["2026-11-20", "2026-11-21"]);
      expect(work.byDay.reduce((n, d) => n + d.turns, 0)).toBe(work.turns);
    });

    it("takes removed decisions out again (the demo's removal)", async () => {
      const rows = await seed(t);
      await uncountDecisions(t.db, rows.slice(0, 100));
      const from = Date.parse("2026-11-20T00:00:00Z");
      const to = Date.parse("2026-11-23T00:00:00Z");
      const remaining = counted(rows.slice(100), from, to);
      const work = await summarizeJudgeWork(t.db, { from, to });
      // The rows stay in this test (only the rollups were uncounted): whole hours read the rollups.
      expect(work.turns).toBe(remaining.turns);
    });
  });
});
