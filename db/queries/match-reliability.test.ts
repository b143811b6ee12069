import { describe, expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { type DialectContext, describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { insertDecision } from "./decisions";
import { loadsByMatch } from "./match-reliability";
import { insertSuggestion, recordFeedback } from "./suggestions";

const T = Date.parse("2026-11-20T10:00:00Z");
const WINDOW = 5 * 60_000;

/** A judged (or hinted) suggestion of `skill` at `match` in `session`, as the decision log writes it. */
async function suggest(t: DialectContext, at: number, session: string, skill: string, match: number, via: "entry_skill" | null = null) {
  const decisionId = await insertDecision(t.db, {
    at,
    day: utcDay(at),
    status: "ok",
    outcome: "suggested",
    reasonCode: null,
    latencyMs: 3,
    requests: 1,
    catalogSize: 40,
    skillsReturned: 1,
    judge: "local",
    channel: "api",
    sessionId: session,
    suggestedSkill: skill,
    suggestedMatch: match,
    suggestedVia: via,
  });
  await insertSuggestion(t.db, { decisionId, at, sessionId: session, skill, reportsLoads: true });
}

describeOnBothDatabases("loads by match", (t) => {
  describe("the agents' own reliability table", () => {
    it("counts judged suggestions to reporting clients by match bucket, and the loads credited to them", async () => {
      // Bucket [0.5, 0.6): two shown, one loaded. [0.9, 1.0]: 1.0 counts in the closed last bucket, loaded.
      await suggest(t, T, "s1", "pdf", 0.55);
      await suggest(t, T + 1000, "s2", "pdf", 0.59);
      await suggest(t, T + 2000, "s3", "xlsx", 1.0);
      await suggest(t, T + 3000, "s4", "docx", 0.72);
      // Not counted: an entry hint, a suggestion to a client that never reports loads, one outside the range.
      await suggest(t, T + 4000, "s5", "docx", 0.95, "entry_skill");
      await insertSuggestion(t.db, { decisionId: null, at: T + 5000, sessionId: "quiet", skill: "pdf", reportsLoads: false });
      await suggest(t, T + 10 * 60 * 60_000, "s6", "pdf", 0.8);
      await recordFeedback(t.db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T + 60_000 }, WINDOW);
      await recordFeedback(t.db, { sessionId: "s3", skill: "xlsx", event: "loaded", at: T + 60_000 }, WINDOW);
      await recordFeedback(t.db, { sessionId: "s4", skill: "docx", event: "rejected", at: T + 60_000 }, WINDOW);

      const rows = await loadsByMatch(t.db, { from: T - 1, to: T + 60 * 60_000 });
      expect(rows.map((r) => [r.from, r.shown, r.loaded])).toEqual([
        [0.5, 2, 1],
        [0.6, 0, 0],
        [0.7, 1, 0],
        [0.8, 0, 0],
        [0.9, 1, 1],
      ]);
    });

    it("is all zeros on an empty log", async () => {
      const rows = await loadsByMatch(t.db, { from: T, to: T + 1 });
      expect(rows.every((r) => r.shown === 0 && r.loaded === 0)).toBe(true);
      expect(rows).toHaveLength(5);
    });
  });
});
