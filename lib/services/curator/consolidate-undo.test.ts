import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consolidationEvents } from "../../../db/queries/usage-events";
import { loadCuratorHome } from "../../curator/curator-home";
import { restoreSkill } from "../../curator/moves";
import { readUsage } from "../../hermes/usage-file";
import { recordOf } from "../../hermes/usage-record";
import { consolidationCases } from "../../testing/consolidation-cases";
import { writeSkill } from "../../testing/factories";
import { buildHermesHome, idleRecord } from "../../testing/hermes-home";
import { consolidationPreview } from "./consolidate";
import { applyConsolidation } from "./consolidate-apply";
import { consolidationHistory, undoConsolidationInto } from "./consolidate-undo";

/**
 * A consolidation's apply and undo when the home did not stay as jev left it (issue 53): Hermes restored a sibling, an
 * apply died halfway, a run's claim was left by a dead process, a history row says what it should not, a judge names
 * an umbrella no walk reads; and the umbrella's patch count, as Hermes's skill_manage keeps it.
 */
describe("undoing what is left of a consolidation", () => {
  const NOW = Date.parse("2026-12-07T09:00:00Z");
  const cronSkills = () => JSON.parse(fs.readFileSync(path.join(c.home, "cron", "jobs.json"), "utf8")).jobs.map((j: { skills: string[] }) => j.skills);
  const RELEASE = {
    cluster: 1,
    umbrella: { name: "release-changes" },
    absorb: [
      { skill: "release-notes-from-git", as: "section" },
      { skill: "release-changelog", as: "reference" },
    ],
    reason: "one release skill",
  };
  const apply = async (p: object) => {
    c.plan(p);
    const preview = await consolidationPreview(c.ctx());
    expect(preview.changes, JSON.stringify(preview.refused)).toHaveLength(1);
    return applyConsolidation(c.ctx(), { id: preview.id });
  };

  const c = consolidationCases("jev-consolidate-undo-", NOW, (home, skills) => {
    const names = ["release-changes", "release-notes-from-git", "release-changelog"];
    buildHermesHome(home, {
      usage: Object.fromEntries(names.map((n) => [n, idleRecord(NOW, 3)])),
      cronJobs: { jobs: [{ id: "weekly", skills: ["release-notes-from-git", "weather"], skill: "release-notes-from-git" }] },
    });
    const body = "\nWrite release notes from git: the changes since the last release tag, grouped, as a changelog.\n";
    writeSkill(skills, "release-changes", "Write release notes and a changelog from git changes.", { body });
    writeSkill(skills, "release-notes-from-git", "Release notes from the git changes since the last tag.", { body });
    writeSkill(skills, "release-changelog", "A changelog of the release from git changes.", { body });
    writeSkill(skills, "weather", "Look up the forecast for a city.");
  });

  it("after Hermes restored one sibling, the undo does the rest (umbrella, the other sibling, cron) and says what it found done", async () => {
    const umbrellaBefore = fs.readFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "utf8");
    await apply(RELEASE);
    // Hermes's `curator restore`: the folder back from .archive, the record active again.
    const h = await loadCuratorHome(c.home);
    expect((await restoreSkill(h, "release-notes-from-git", NOW)).ok).toBe(true);

    const undone = await undoConsolidationInto(c.ctx(), { umbrella: "release-changes" });
    expect(undone.restored).toEqual(["release-changelog"]);
    expect(undone.foundDone).toEqual(["'release-notes-from-git' is in the skills folder already"]);
    expect(undone.message).toMatch(/restored release-changelog; found already undone: 'release-notes-from-git' is in the skills folder already/);
    expect(fs.readFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "utf8")).toBe(umbrellaBefore);
    expect(fs.existsSync(path.join(c.skills, "release-changes", "references"))).toBe(false);
    expect(fs.existsSync(path.join(c.skills, ".archive", "release-changelog"))).toBe(false);
    expect(cronSkills()).toEqual([["release-notes-from-git", "weather"]]);
    expect((await consolidationHistory(c.ctx()))[0].undoneAt).toBe(NOW);
  });

  it("when an edit would be lost, nothing is undone and the refusal names the commands that undo the rest", async () => {
    await apply(RELEASE);
    fs.appendFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "\nMy own line.\n");
    await expect(undoConsolidationInto(c.ctx(), { umbrella: "release-changes" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(
        /has changed since the consolidation: undo would lose that edit; nothing was undone\. To bring the siblings back by hand: `jev curator restore release-notes-from-git`, `jev curator restore release-changelog`\./,
      ),
    });
    expect(fs.existsSync(path.join(c.skills, ".archive", "release-changelog"))).toBe(true);
  });

  it("the umbrella's patch count and time move as Hermes's skill_manage edit moves them (an edit, and a write_file per reference)", async () => {
    const before = recordOf(readUsage(c.home).map, "release-changes");
    await apply(RELEASE);
    const after = recordOf(readUsage(c.home).map, "release-changes");
    expect(Number(after?.patch_count)).toBe(Number(before?.patch_count) + 2);
    expect(after?.last_patched_at).toBe("2026-12-07T09:00:00+00:00");
  });

  it("an apply that stops halfway leaves its row, marked interrupted, and the undo takes back what it did", async () => {
    const umbrellaBefore = fs.readFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "utf8");
    // Hermes's usage lock made unusable after the preview: the apply dies after the umbrella and the reference are written.
    c.plan(RELEASE);
    const preview = await consolidationPreview(c.ctx());
    const lock = path.join(c.skills, ".usage.json.lock");
    fs.rmSync(lock, { force: true });
    fs.mkdirSync(lock);
    await expect(applyConsolidation(c.ctx(), { id: preview.id })).rejects.toThrow();
    expect(fs.readFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "utf8")).not.toBe(umbrellaBefore);
    const [listed] = await consolidationHistory(c.ctx());
    expect(listed).toMatchObject({ umbrella: "release-changes", interrupted: true, absorbed: [] });

    fs.rmdirSync(lock);
    const undone = await undoConsolidationInto(c.ctx(), { umbrella: "release-changes" });
    expect(undone.restored).toEqual([]);
    expect(undone.foundDone).toEqual(["'release-notes-from-git' is in the skills folder already", "'release-changelog' is in the skills folder already"]);
    expect(fs.readFileSync(path.join(c.skills, "release-changes", "SKILL.md"), "utf8")).toBe(umbrellaBefore);
    expect(fs.existsSync(path.join(c.skills, "release-changes", "references"))).toBe(false);
  });

  it("a run claim left by a process that is gone does not hold apply or undo for an hour; a live one does", async () => {
    c.plan(RELEASE);
    const preview = await consolidationPreview(c.ctx());
    const claim = path.join(c.skills, ".locks", "curator-run");
    fs.mkdirSync(path.dirname(claim), { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    fs.writeFileSync(claim, gone);
    fs.utimesSync(claim, NOW / 1000, NOW / 1000); // claimed "just now" on the test's clock
    await applyConsolidation(c.ctx(), { id: preview.id });
    fs.writeFileSync(claim, String(process.pid)); // this very process: alive
    fs.utimesSync(claim, NOW / 1000, NOW / 1000);
    await expect(undoConsolidationInto(c.ctx(), { umbrella: "release-changes" })).rejects.toMatchObject({ code: "busy" });
    fs.rmSync(claim);
    await undoConsolidationInto(c.ctx(), { umbrella: "release-changes" });
  });

  it("a history row edited to say the umbrella was created never gets a real skill deleted: at most archived, restorable", async () => {
    await apply(RELEASE);
    await undoConsolidationInto(c.ctx(), { umbrella: "release-changes" });
    await apply(RELEASE);
    const rows = await consolidationEvents(c.db, c.home);
    const row = rows.find((r) => r.kind === "consolidate" && !JSON.parse(r.detail as string).undid)!;
    const detail = JSON.parse(row.detail as string);
    const { usageEvents } = c.db.jev.t;
    await c.db
      .update(usageEvents)
      .set({ detail: JSON.stringify({ ...detail, created: true, before: "" }) })
      .where(eq(usageEvents.id, rows[0].id));
    await undoConsolidationInto(c.ctx(), { umbrella: "release-changes" }).catch(() => null);
    const archived = path.join(c.skills, ".archive", "release-changes", "SKILL.md");
    const live = path.join(c.skills, "release-changes", "SKILL.md");
    expect(fs.existsSync(live) || fs.existsSync(archived)).toBe(true);
  });

  it("a new umbrella named as a folder the walks skip, or as a file, is refused: its siblings would vanish from every catalog", async () => {
    for (const name of ["build", "node_modules", "SKILL.md", "notes.md", "Release"]) {
      c.plan({ ...RELEASE, umbrella: { name, create: true, description: "Release notes." } });
      const preview = await consolidationPreview(c.ctx());
      expect(preview.changes, name).toEqual([]);
      expect(preview.refused.map((r) => r.reason).join(" "), name).toMatch(/cannot be a new umbrella/);
    }
  });
});
