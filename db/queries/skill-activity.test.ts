import { expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../../lib/base/time";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { insertCandidates } from "./decision-candidates";
import { insertDecision } from "./decisions";
import { engineCountsSince, engineTotalsByDay, rankedSkillRefs } from "./skill-activity";
import { insertSuggestion, recordFeedback } from "./suggestions";

describeOnBothDatabases("skill activity", (t) => {
  const now = Date.parse("2026-11-30T12:30:00Z");
  const decide = async (at: number, candidates: { name: string; path: string; verdict: "suggested" | "suppressed" | "below_threshold" }[]) => {
    const id = await insertDecision(t.db, {
      at,
      day: "2026-11-30",
      status: "ok",
      outcome: "suggested",
      latencyMs: 1,
      requests: 1,
      catalogSize: candidates.length,
      skillsReturned: 1,
      judge: "local",
      channel: "api",
    });
    await insertCandidates(
      t.db,
      id,
      at,
      candidates.map((c) => ({ ...c, score: 0.5, match: 0.5, detail: null })),
    );
    return id;
  };

  it("the skills ranked since an instant, each (name, path) once with the last hour it was a candidate, newest first", async () => {
    await decide(now - 3 * DAY_MS, [{ name: "old", path: "/gone/old/SKILL.md", verdict: "below_threshold" }]);
    await decide(now - 2 * HOUR_MS, [
      { name: "pdf", path: "/home/u/.claude/skills/pdf/SKILL.md", verdict: "suggested" },
      { name: "pdf", path: "/work/app/.claude/skills/pdf/SKILL.md", verdict: "below_threshold" },
    ]);
    await decide(now, [{ name: "pdf", path: "/home/u/.claude/skills/pdf/SKILL.md", verdict: "suggested" }]);
    const hour = (ms: number) => ms - (ms % HOUR_MS);
    expect(await rankedSkillRefs(t.db, now - DAY_MS)).toEqual([
      { name: "pdf", path: "/home/u/.claude/skills/pdf/SKILL.md", lastRankedHour: hour(now) },
      { name: "pdf", path: "/work/app/.claude/skills/pdf/SKILL.md", lastRankedHour: hour(now - 2 * HOUR_MS) },
    ]);
    expect(await rankedSkillRefs(t.db, 0, 1)).toHaveLength(1);
  });

  it("suggestions, loads, suppressions and the last suggestion per skill since a day", async () => {
    const day = Math.floor(now / DAY_MS);
    await insertSuggestion(t.db, { decisionId: null, at: now - DAY_MS, sessionId: "s1", skill: "pdf", reportsLoads: true });
    await insertSuggestion(t.db, { decisionId: null, at: now - 60_000, sessionId: "s2", skill: "pdf", reportsLoads: true });
    await recordFeedback(t.db, { sessionId: "s2", skill: "pdf", event: "loaded", at: now }, 10 * 60_000);
    await insertSuggestion(t.db, { decisionId: null, at: now - 40 * DAY_MS, sessionId: "s3", skill: "ancient", reportsLoads: true });
    await decide(now, [{ name: "xlsx", path: "/s/xlsx/SKILL.md", verdict: "suppressed" }]);
    const counts = await engineCountsSince(t.db, day - 29);
    expect(counts.get("pdf")).toEqual({ suggested: 2, loaded: 1, suppressed: 0, lastSuggestedAt: now - 60_000 });
    expect(counts.get("xlsx")).toEqual({ suggested: 0, loaded: 0, suppressed: 1, lastSuggestedAt: null });
    expect(counts.has("ancient")).toBe(false);
    expect(await engineTotalsByDay(t.db, day - 29)).toEqual([
      { day: day - 1, suggestions: 1, loads: 0 },
      { day, suggestions: 1, loads: 1 },
    ]);
  });
});
