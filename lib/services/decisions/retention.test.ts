import { describe, expect, it } from "vitest";
import { sqliteOf } from "../../../db/dialect";
import { decisionCandidates, decisionRollups, decisions, feedback, skillHours, suggestions } from "../../../db/schema";
import { DAY_MS } from "../../base/time";
import { tempDbPerTest } from "../../testing/db-per-test";
import { ctxAt, pickCtx, skillTree, testConfig } from "../../testing/factories";
import { recordAgentFeedback } from "../feedback/record";
import { servePickSkill } from "./pick";
import { runRetention } from "./retention";

const NOW = Date.parse("2026-11-30T12:00:00Z");

const t = tempDbPerTest("jev-retention-");

describe("retention (JEV_RETENTION_DAYS)", () => {
  it("deletes decisions, their candidates and suggestions, and feedback older than the limit, in batches", async () => {
    const config = testConfig(t.dir);
    const root = skillTree(`${t.dir}/skills`, { pdf: "Merge and split PDF documents", xlsx: "Excel spreadsheets with formulas" });
    for (const daysAgo of [40, 35, 31, 29, 1]) {
      const at = NOW - daysAgo * DAY_MS;
      await servePickSkill(pickCtx({ db: t.db, config, clock: () => at }), {
        channel: "api",
        turn: "merge the PDF documents",
        roots: [root],
        sessionId: `s${daysAgo}`,
      });
      await recordAgentFeedback(ctxAt(t.db, config), { sessionId: `s${daysAgo}`, skill: "pdf", event: "loaded", at: at + 1000 });
    }
    expect(sqliteOf(t.db).select().from(decisionCandidates).all().length).toBeGreaterThan(5);
    const removed = await runRetention(t.db, 30, NOW, 2);
    expect(removed).toEqual({ decisions: 3, feedback: 3 });
    expect(
      sqliteOf(t.db)
        .select()
        .from(decisions)
        .all()
        .map((d) => d.sessionId),
    ).toEqual(["s29", "s1"]);
    expect(
      new Set(
        sqliteOf(t.db)
          .select()
          .from(suggestions)
          .all()
          .map((s) => s.sessionId),
      ),
    ).toEqual(new Set(["s29", "s1"]));
    expect(
      new Set(
        sqliteOf(t.db)
          .select()
          .from(feedback)
          .all()
          .map((s) => s.sessionId),
      ),
    ).toEqual(new Set(["s29", "s1"]));
    const kept = new Set(
      sqliteOf(t.db)
        .select()
        .from(decisions)
        .all()
        .map((d) => d.id),
    );
    expect(
      sqliteOf(t.db)
        .select()
        .from(decisionCandidates)
        .all()
        .every((c) => kept.has(c.decisionId)),
    ).toBe(true);
    expect(await runRetention(t.db, 30, NOW)).toEqual({ decisions: 0, feedback: 0 });
    const cutoffHour = NOW - 30 * DAY_MS - ((NOW - 30 * DAY_MS) % 3_600_000);
    expect(
      sqliteOf(t.db)
        .select()
        .from(skillHours)
        .all()
        .every((h) => h.hour >= cutoffHour),
    ).toBe(true);
    expect(
      sqliteOf(t.db)
        .select()
        .from(decisionRollups)
        .all()
        .every((h) => h.hour >= cutoffHour),
    ).toBe(true);
  });
});
