import { beforeEach, describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { insertCandidates } from "./decision-candidates";
import { type DecisionCursor, listDecisions } from "./decision-list";
import { insertDecision, summarizeDecisions } from "./decisions";

const T = Date.parse("2026-11-20T00:00:00Z");

describeOnBothDatabases("decision list", (t) => {
  beforeEach(async () => {
    // 25 decisions, several sharing a timestamp, so the keyset must break ties by id.
    for (let i = 0; i < 25; i++) {
      // Every three share a timestamp; every ten, the hour changes (the skill filter walks hours).
      const at = T + Math.floor(i / 3) * 1000 + Math.floor(i / 10) * 3_600_000;
      const id = await insertDecision(t.db, {
        at,
        day: "2026-11-20",
        status: i % 5 === 0 ? "fail_open" : "ok",
        outcome: i % 5 === 0 ? "fail_open" : "suggested",
        reasonCode: i % 5 === 0 ? "timeout" : null,
        latencyMs: i,
        requests: 1,
        catalogSize: 3,
        skillsReturned: 1,
        judge: "local",
        channel: "api",
        sessionId: `s${i % 4}`,
      });
      const name = i === 3 ? "rare" : i % 2 ? "odd" : "even";
      await insertCandidates(t.db, id, at, [{ name, path: "/p", score: 0.5, match: 0.6, verdict: "suggested", detail: null }]);
    }
  });

  const all = { from: T, to: T + 4 * 3_600_000 };

  describe("keyset pagination of decisions", () => {
    it("walks every row exactly once, newest first, ties broken by id", async () => {
      const seen: number[] = [];
      let cursor: DecisionCursor | undefined;
      for (let page = 0; page < 10; page++) {
        const r = await listDecisions(t.db, { ...all, limit: 4, cursor });
        seen.push(...r.rows.map((x) => x.id));
        if (!r.next) break;
        cursor = r.next;
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
      expect(seen).toEqual([...seen].sort((a, b) => b - a)); // ids grow with time here
    });

    it("filters by outcome, reason, session and candidate skill", async () => {
      expect((await listDecisions(t.db, { ...all, limit: 50, outcome: "fail_open" })).rows).toHaveLength(5);
      expect((await listDecisions(t.db, { ...all, limit: 50, reason: "timeout" })).rows).toHaveLength(5);
      expect((await listDecisions(t.db, { ...all, limit: 50, session: "s1" })).rows.every(async (r) => r.sessionId === "s1")).toBe(true);
      expect((await listDecisions(t.db, { ...all, limit: 50, skill: "odd" })).rows).toHaveLength(11);
      expect((await listDecisions(t.db, { ...all, limit: 50, skill: "rare" })).rows.map((r) => r.id)).toEqual([4]);
      expect((await listDecisions(t.db, { ...all, limit: 50, skill: "nope" })).rows).toHaveLength(0);
      // The summary walks the same hours.
      expect((await summarizeDecisions(t.db, { ...all, skill: "odd" })).total).toBe(11);
      expect(await summarizeDecisions(t.db, { ...all, skill: "rare" })).toMatchObject({ total: 1, byOutcome: { suggested: 1 } });
      expect((await summarizeDecisions(t.db, { ...all, skill: "nope" })).total).toBe(0);
    });

    it("pages through a skill's decisions across hours, newest first, each once", async () => {
      const seen: number[] = [];
      let cursor: DecisionCursor | undefined;
      for (let page = 0; page < 10; page++) {
        const r = await listDecisions(t.db, { ...all, limit: 5, skill: "even", cursor });
        seen.push(...r.rows.map((x) => x.id));
        if (!r.next) break;
        cursor = r.next;
      }
      const expected = Array.from({ length: 25 }, (_, i) => i + 1).filter((id) => id !== 4 && (id - 1) % 2 === 0);
      expect(seen).toEqual(expected.reverse());
    });
  });
});
