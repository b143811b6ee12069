import { beforeEach, describe, expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { percentile } from "../../lib/eval/metrics";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { latencyBucket } from "../../lib/vocab/latency-buckets";
import { DECISION_OUTCOMES } from "../../lib/vocab/reason-codes";
import { insertDecision, summarizeDecisions } from "./decisions";

const T = Date.parse("2026-11-20T22:00:00Z");
const rows: { at: number; outcome: (typeof DECISION_OUTCOMES)[number]; latencyMs: number; sessionId: string }[] = [];

describeOnBothDatabases("decision summary", (t) => {
  beforeEach(async () => {
    rows.length = 0;
    // 300 decisions over 5 hours that cross midnight UTC.
    for (let i = 0; i < 300; i++) {
      const row = { at: T + i * 61_000, outcome: DECISION_OUTCOMES[i % DECISION_OUTCOMES.length], latencyMs: (i * 37) % 1300, sessionId: `s${i % 3}` };
      rows.push(row);
      const failOpen = row.outcome === "fail_open";
      await insertDecision(t.db, {
        ...row,
        day: utcDay(row.at),
        status: failOpen ? "fail_open" : "ok",
        reasonCode: failOpen ? "timeout" : null,
        requests: 1,
        catalogSize: 1,
        skillsReturned: 0,
        judge: "local",
        channel: "api",
      });
    }
  });

  describe("decision summary from hourly rollups plus the partial hours at the edges", () => {
    it.each([
      ["mid-hour to mid-hour", T + 17 * 60_000, T + 4 * 3_600_000 + 5 * 60_000],
      ["inside one hour", T + 60_000, T + 40 * 60_000],
      ["whole days", Date.parse("2026-11-20T00:00:00Z"), Date.parse("2026-11-22T00:00:00Z")],
    ])("%s: the same counts and percentiles as counting the rows", async (_label, from, to) => {
      const inRange = rows.filter((r) => r.at >= from && r.at < to);
      const s = await summarizeDecisions(t.db, { from, to });
      expect(s.total).toBe(inRange.length);
      for (const o of DECISION_OUTCOMES) expect(s.byOutcome[o] ?? 0, o).toBe(inRange.filter((r) => r.outcome === o).length);
      expect(s.byReason).toEqual(inRange.some((r) => r.outcome === "fail_open") ? { timeout: inRange.filter((r) => r.outcome === "fail_open").length } : {});
      const days = new Set(inRange.map((r) => utcDay(r.at)));
      expect(new Set(s.byDay.map((d) => d.day))).toEqual(days);
      const latencies = inRange.map((r) => latencyBucket(r.latencyMs));
      expect(s.latencyMs.p50).toBe(percentile(latencies, 50));
      expect(s.latencyMs.p99).toBe(percentile(latencies, 99));
      const session = await summarizeDecisions(t.db, { from, to, session: "s1" });
      expect(session.total).toBe(inRange.filter((r) => r.sessionId === "s1").length);
    });
  });
});
