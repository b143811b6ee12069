import { expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { inTransaction } from "../dialect";
import { writeDecisions } from "./decision-batch";
import { entryHintCounts } from "./entry-hints";
import { insertSuggestion, recordFeedback, sessionReports, sessionSuggested, shownHistorySince } from "./suggestions";
import { shownWindows } from "./suppression";

const T = Date.parse("2026-11-20T10:00:00Z");
const MINUTES_5 = 300_000;

describeOnBothDatabases("suggestions and feedback", (t) => {
  it("a load is credited to the session's latest suggestion within the window; the session then counts as reporting", async () => {
    await insertSuggestion(t.db, { decisionId: null, at: T, sessionId: "s1", skill: "pdf", reportsLoads: false });
    await insertSuggestion(t.db, { decisionId: null, at: T + 60_000, sessionId: "s1", skill: "xlsx", reportsLoads: false });
    await insertSuggestion(t.db, { decisionId: null, at: T, sessionId: "s2", skill: "pdf", reportsLoads: true });
    expect(await sessionReports(t.db, "s1")).toEqual({ loaded: [], reportsLoads: false });
    expect((await sessionSuggested(t.db, "s1")).sort()).toEqual(["pdf", "xlsx"]);

    expect(await recordFeedback(t.db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T + 120_000 }, MINUTES_5)).toBe(true);
    expect(await recordFeedback(t.db, { sessionId: "s1", skill: "xlsx", event: "loaded", at: T + 60_000 + MINUTES_5 + 1 }, MINUTES_5)).toBe(false); // too late
    expect(await recordFeedback(t.db, { sessionId: "s2", skill: "pdf", event: "rejected", at: T + 1_000 }, MINUTES_5)).toBe(false);
    expect(await sessionReports(t.db, "s1")).toEqual({ loaded: expect.arrayContaining(["pdf", "xlsx"]), reportsLoads: true });

    // s1's suggestions now count for rule 2, with pdf's load; s2's suggestion was counting already.
    const history = await shownHistorySince(t.db, T - 1);
    expect(history.get("pdf")).toHaveLength(2); // in time order; at the same millisecond, in either
    expect(history.get("pdf")).toEqual(
      expect.arrayContaining([
        { at: T, loaded: true },
        { at: T, loaded: false },
      ]),
    );
    expect(history.get("xlsx")).toEqual([{ at: T + 60_000, loaded: false }]);
    const windows = await shownWindows(t.db, T - 86_400_000, T + 86_400_000);
    expect(windows.get("pdf")).toEqual({ suggestions: 2, loads: 1, lastShown: T });
    expect(windows.get("xlsx")).toEqual({ suggestions: 1, loads: 0, lastShown: T + 60_000 });
  });

  it("counts domain entry hints and their loads per skill", async () => {
    const base = {
      day: utcDay(T),
      status: "ok" as const,
      outcome: "suggested" as const,
      latencyMs: 1,
      requests: 0,
      catalogSize: 3,
      skillsReturned: 1,
      judge: "local",
      channel: "api",
    };
    await inTransaction(t.db, (tx) =>
      writeDecisions(tx, [
        {
          row: { ...base, at: T, sessionId: "a", suggestedSkill: "jev-blender", suggestedVia: "entry_skill" },
          candidates: [],
          suggestion: { skill: "jev-blender", reportsLoads: true },
        },
        {
          row: { ...base, at: T + 1, sessionId: "b", suggestedSkill: "jev-blender", suggestedVia: "entry_skill" },
          candidates: [],
          suggestion: { skill: "jev-blender", reportsLoads: true },
        },
        {
          row: { ...base, at: T + 2, sessionId: "a", suggestedSkill: "blender-render", suggestedVia: "related_skill" },
          candidates: [],
          suggestion: { skill: "blender-render", reportsLoads: true },
        },
        { row: { ...base, at: T + 3, sessionId: "c", suggestedSkill: "pdf" }, candidates: [], suggestion: { skill: "pdf", reportsLoads: true } },
      ]),
    );
    await recordFeedback(t.db, { sessionId: "a", skill: "jev-blender", event: "loaded", at: T + 10 }, MINUTES_5);
    const counts = (await entryHintCounts(t.db, T - 1)).sort((x, y) => x.skill.localeCompare(y.skill));
    expect(counts).toEqual([
      { via: "related_skill", skill: "blender-render", hints: 1, loads: 0 },
      { via: "entry_skill", skill: "jev-blender", hints: 2, loads: 1 },
    ]);
    expect(await entryHintCounts(t.db, T + 100)).toEqual([]);
  });
});
