import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { insertCandidates } from "../../../db/queries/decision-candidates";
import { insertDecision } from "../../../db/queries/decisions";
import { insertSuggestion, recordFeedback } from "../../../db/queries/suggestions";
import { DAY_MS, HOUR_MS } from "../../base/time";
import { ctxAt, freshDb, skillTree, tempDir, testConfig } from "../../testing/factories";
import { buildHermesHome } from "../../testing/hermes-home";
import { skillDetail } from "./detail";
import { listSkills } from "./list";

const NOW = Date.parse("2026-11-30T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let claude: string;
let project: string;
beforeEach(() => {
  tmp = tempDir("jev-skills-list-");
  db = freshDb(tmp.dir);
  claude = skillTree(path.join(tmp.dir, ".claude", "skills"), {
    pdf: "Fill, merge and split PDF files; extract their text and tables.",
    xlsx: "x",
  });
  project = skillTree(path.join(tmp.dir, "work", "app", ".claude", "skills"), { "deploy-docs": "Publish the project's documentation site to GitHub Pages." });
});
afterEach(() => tmp.cleanup());

/** A decision that ranked these skill files, the first one suggested (to a client that reports loads). */
async function ranked(at: number, files: { name: string; path: string }[], session = "s") {
  const id = await insertDecision(db, {
    at,
    day: "-",
    status: "ok",
    outcome: "suggested",
    latencyMs: 1,
    requests: 1,
    catalogSize: files.length,
    skillsReturned: 1,
    judge: "local",
    channel: "api",
  });
  await insertCandidates(
    db,
    id,
    at,
    files.map((f, i) => ({ ...f, score: 0.9 - i / 10, match: 0.8 - i / 10, verdict: i === 0 ? "suggested" : "below_threshold", detail: null })),
  );
  await insertSuggestion(db, { decisionId: id, at, sessionId: session, skill: files[0].name, reportsLoads: true });
}

describe("the Skills list of a Claude Code user with no Hermes home", () => {
  it("lists the default roots' skills and those of roots a client sent, with the engine's activity", async () => {
    const config = testConfig(tmp.dir, { HOME: tmp.dir }); // HERMES_HOME (tmp/hermes) does not exist
    await ranked(NOW - 2 * HOUR_MS, [
      { name: "pdf", path: path.join(claude, "pdf", "SKILL.md") },
      { name: "deploy-docs", path: path.join(project, "deploy-docs", "SKILL.md") },
    ]);
    await ranked(NOW - HOUR_MS, [{ name: "deploy-docs", path: path.join(project, "deploy-docs", "SKILL.md") }], "s2");
    await recordFeedback(db, { sessionId: "s2", skill: "deploy-docs", event: "loaded", at: NOW - HOUR_MS + 1_000 }, 10 * 60_000);

    const listing = await listSkills(ctxAt(db, config, NOW));
    expect(listing.hermesHome).toBeNull();
    const byName = new Map(listing.skills.map((r) => [r.name, r]));
    expect([...byName.keys()]).toEqual(["deploy-docs", "pdf", "xlsx"]);
    expect(byName.get("pdf")).toMatchObject({ source: "claude-code", suggested: 1, loaded: 0, provenance: null, state: null, uses: null, health: null });
    expect(byName.get("deploy-docs")).toMatchObject({
      source: "claude-code",
      path: path.join(project, "deploy-docs", "SKILL.md"),
      suggested: 1,
      loaded: 1,
      last_suggested_at: NOW - HOUR_MS,
      last_ranked_at: NOW - HOUR_MS - ((NOW - HOUR_MS) % HOUR_MS),
    });
    expect(byName.get("xlsx")).toMatchObject({ suggested: 0, last_ranked_at: null, health: "too_short" });

    expect((await listSkills(ctxAt(db, config, NOW), { sort: "last_suggested" })).skills.map((r) => r.name)).toEqual(["deploy-docs", "pdf", "xlsx"]);
    expect((await listSkills(ctxAt(db, config, NOW), { source: "hermes" })).skills).toEqual([]);
    expect((await listSkills(ctxAt(db, config, NOW), { state: "active" })).skills).toEqual([]); // Hermes filters match Hermes skills only

    const detail = await skillDetail(ctxAt(db, config, NOW), { name: "deploy-docs" });
    expect(detail).toMatchObject({ name: "deploy-docs", source: "claude-code", hermes: null, files: [{ path: "SKILL.md" }] });
    expect(detail.days.reduce((n, d) => n + d.suggested, 0)).toBe(1); // shown to the first session only: rule 2 counts reporting clients' suggestions
    await expect(skillDetail(ctxAt(db, config, NOW), { name: "nowhere" })).rejects.toMatchObject({ code: "not_found", field: "name" });
  });

  it("a skill ranked from a folder that is gone, or longer ago than the window, is not listed", async () => {
    const config = testConfig(tmp.dir, { HOME: tmp.dir });
    await ranked(NOW - HOUR_MS, [{ name: "vanished", path: path.join(tmp.dir, "gone", "vanished", "SKILL.md") }]);
    await ranked(NOW - 40 * DAY_MS, [{ name: "deploy-docs", path: path.join(project, "deploy-docs", "SKILL.md") }]);
    expect((await listSkills(ctxAt(db, config, NOW))).skills.map((r) => r.name)).toEqual(["pdf", "xlsx"]);
  });

  it("a Hermes home's skills carry its columns; the same name ranked elsewhere is one row with a copy counted", async () => {
    const home = path.join(tmp.dir, "hermes");
    buildHermesHome(home, { skills: { pdf: null }, usage: { pdf: { created_by: "agent", use_count: 3 } } });
    const config = testConfig(tmp.dir, { HOME: tmp.dir, HERMES_HOME: home });
    // Claude Code's hook sent ~/.claude/skills: its pdf was ranked too (the default catalog keeps the first root's).
    await ranked(NOW - HOUR_MS, [{ name: "pdf", path: path.join(claude, "pdf", "SKILL.md") }]);
    const listing = await listSkills(ctxAt(db, config, NOW));
    expect(listing.hermesHome).toBe(home);
    expect(listing.skills.map((r) => [r.name, r.source, r.copies, r.provenance, r.use_count])).toEqual([
      ["pdf", "hermes", 1, "agent", 3],
      ["xlsx", "claude-code", 0, null, 0],
    ]);
  });
});
