import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { inTransaction } from "../dialect";
import { writeDecisions } from "./decision-batch";
import { deleteDecisionBatch, deleteFeedbackBatch, deleteSkillHoursBefore } from "./retention";
import { recordFeedback } from "./suggestions";

const T = Date.parse("2026-11-20T10:00:00Z");

describeOnBothDatabases("retention", (t) => {
  it("deletes old decisions with their candidates and suggestions, in batches, then old feedback and skill hours", async () => {
    const row = (at: number, i: number) => ({
      row: {
        at,
        day: utcDay(at),
        status: "ok" as const,
        outcome: "suggested" as const,
        latencyMs: 1,
        requests: 1,
        catalogSize: 2,
        skillsReturned: 1,
        judge: "local",
        channel: "api",
        sessionId: `s${i}`,
      },
      candidates: [{ name: "pdf", path: "/pdf", score: 0.9, match: 0.9, verdict: "suggested" as const, detail: null }],
      suggestion: { skill: "pdf", reportsLoads: true },
    });
    await inTransaction(t.db, (tx) => writeDecisions(tx, [...Array.from({ length: 5 }, (_, i) => row(T + i, i)), row(T + 10 * 86_400_000, 9)]));
    await recordFeedback(t.db, { sessionId: "s0", skill: "pdf", event: "loaded", at: T + 100 }, 300_000);
    const cutoff = T + 86_400_000;
    const tables = t.db.jev.t;
    const rows = async (table: (typeof tables)[keyof typeof tables]) => (await t.db.select({ n: count() }).from(table as typeof tables.decisions))[0].n;

    expect(await deleteDecisionBatch(t.db, cutoff, 3)).toBe(3);
    expect(await deleteDecisionBatch(t.db, cutoff, 3)).toBe(2);
    expect(await deleteDecisionBatch(t.db, cutoff, 3)).toBe(0);
    expect(await rows(tables.decisions)).toBe(1);
    expect(await rows(tables.decisionCandidates)).toBe(1);
    expect(await rows(tables.suggestions)).toBe(1);
    expect(await deleteFeedbackBatch(t.db, cutoff, 10)).toBe(1);
    expect(await rows(tables.feedback)).toBe(0);
    await deleteSkillHoursBefore(t.db, cutoff);
    expect(await rows(tables.skillHours)).toBe(1);
    expect(await rows(tables.suggestionDays)).toBe(1);
  });
});
