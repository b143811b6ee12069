import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { consolidationEvents } from "../../../db/queries/usage-events";
import { readCuratorState } from "../../hermes/curator-state";
import { readUsage } from "../../hermes/usage-file";
import { recordOf } from "../../hermes/usage-record";
import { ctxAt, freshDb, tempDir, testConfig, writeSkill } from "../../testing/factories";
import { fifoTrap } from "../../testing/fifo-trap";
import { buildHermesHome, idleRecord } from "../../testing/hermes-home";
import { type JudgeServer, startJudgeServer } from "../../testing/judge-server";
import { consolidationPreview } from "./consolidate";
import { applyConsolidation } from "./consolidate-apply";
import { consolidationHistory, undoConsolidationInto } from "./consolidate-undo";
import { runCuratorNow } from "./run";

const python = ["python3", "python"].find((p) => spawnSync(p, ["--version"]).status === 0);
const reader = path.join(__dirname, "../../testing/hermes-home-reader.py");
/** The home as a Python reader of Hermes's files sees it (lib/testing/hermes-home-reader.py). */
const readAsHermes = (home: string) => JSON.parse(spawnSync(python as string, [reader, "read", home], { encoding: "utf8" }).stdout);

/** Preview, apply and undo against a scripted judge on loopback, a real Hermes home, a real SQLite history. */
describe("applying and undoing a consolidation", () => {
  const tmp = tempDir("jev-consolidate-apply-");
  let judge: JudgeServer;
  let db: Db;
  let home: string;
  let skills: string;
  let config: ReturnType<typeof testConfig>;
  const NOW = Date.parse("2026-12-07T09:00:00Z");
  const ctx = () => ctxAt(db, config, NOW);
  /** Every file under skills/ (the archive included) with its text, and the cron jobs' skill lists. */
  const snapshot = () => ({
    files: fs
      .readdirSync(skills, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith("."))
      .map((e) => `${path.relative(skills, path.join(e.parentPath, e.name))}:${fs.readFileSync(path.join(e.parentPath, e.name), "utf8")}`)
      .sort(),
    cron: cronSkills(),
  });
  const cronSkills = () =>
    (JSON.parse(fs.readFileSync(path.join(home, "cron", "jobs.json"), "utf8")).jobs ?? []).map((j: { id: string; skills: string[]; skill: string }) => [
      j.id,
      j.skills,
      j.skill,
    ]);
  const plan = (p: object) => judge.script(() => ({ kind: "content", content: JSON.stringify({ plans: [p] }) }));
  const MERGE_INTO_PDF = { cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-merge", as: "section" }], reason: "one PDF skill serves both" };

  beforeAll(async () => {
    judge = await startJudgeServer();
  });
  afterAll(async () => {
    await judge.close();
    tmp.cleanup();
  });
  beforeEach(() => {
    const dir = fs.mkdtempSync(path.join(tmp.dir, "case-"));
    db = freshDb(dir);
    home = path.join(dir, "hermes");
    skills = path.join(home, "skills");
    buildHermesHome(home, {
      usage: { pdf: idleRecord(NOW, 1), "pdf-split": idleRecord(NOW, 2, { pinned: true }), "pdf-merge": idleRecord(NOW, 3) },
      cronJobs: {
        jobs: [
          { id: "daily", name: "Daily report", skills: ["pdf-merge", "weather"], skill: "pdf-merge" },
          { id: "both", skills: ["pdf", "pdf-merge"], skill: "pdf" },
          { id: "legacy", skill: "pdf-merge" },
        ],
      },
    });
    writeSkill(skills, "pdf", "Merge, split and rotate PDF pages.", { body: "\nqpdf merges PDF files, splits PDF pages and rotates them.\n" });
    writeSkill(skills, "pdf-merge", "Merge PDF files into one PDF.", { body: "\nUse qpdf to merge PDF files; split pages out of a PDF.\n" });
    writeSkill(skills, "pdf-split", "Split PDF pages out of a PDF file.", { body: "\nqpdf splits PDF pages and merges PDF files.\n" });
    for (const [name, description] of [
      ["weather", "Look up the forecast for a city."],
      ["haiku", "Write haiku poems with a 5-7-5 pattern."],
    ])
      writeSkill(skills, name, description);
    config = testConfig(dir, { HERMES_HOME: home, JEV_JUDGE: "openai", JEV_JUDGE_URL: `${judge.url}/v1`, JEV_JUDGE_MODEL: "test-model" });
  });

  it("apply writes what the preview showed, as Hermes would; undo puts every file back", async () => {
    const before = snapshot();
    plan(MERGE_INTO_PDF);
    const preview = await consolidationPreview(ctx());
    expect(preview.changes).toHaveLength(1);
    const done = await applyConsolidation(ctx(), { id: preview.id });
    expect(done.applied).toEqual([{ umbrella: "pdf", created: false, absorbed: ["pdf-merge"], left: [], cronJobs: 3 }]);

    // The umbrella holds the sibling as a section; the sibling is archived, marked so in .usage.json.
    expect(fs.readFileSync(path.join(skills, "pdf", "SKILL.md"), "utf8")).toBe(preview.changes[0].umbrella.after);
    expect(fs.existsSync(path.join(skills, "pdf-merge"))).toBe(false);
    expect(fs.existsSync(path.join(skills, ".archive", "pdf-merge", "SKILL.md"))).toBe(true);
    expect(recordOf(readUsage(home).map, "pdf-merge")?.state).toBe("archived");
    // Cron jobs follow the umbrella as rewrite_skill_refs does: replaced, no repeats, `skill` the first.
    expect(cronSkills()).toEqual([
      ["daily", ["pdf", "weather"], "pdf"],
      ["both", ["pdf"], "pdf"],
      ["legacy", ["pdf"], "pdf"],
    ]);
    // The run report in Hermes's shapes, and the state pointing at it.
    const run = JSON.parse(fs.readFileSync(path.join(done.reportPath!, "run.json"), "utf8"));
    expect(run.consolidated).toEqual([{ name: "pdf-merge", into: "pdf", source: expect.stringContaining("jev"), reason: "one PDF skill serves both" }]);
    expect(run.archived).toEqual(["pdf-merge"]);
    expect(run.counts).toMatchObject({ consolidated_this_run: 1, archived_this_run: 1, cron_jobs_rewritten: 3 });
    expect(run.cron_rewrites.rewrites[0]).toMatchObject({
      job_id: "daily",
      before: ["pdf-merge", "weather"],
      after: ["pdf", "weather"],
      mapped: { "pdf-merge": "pdf" },
    });
    expect(fs.existsSync(path.join(done.reportPath!, "cron_rewrites.json"))).toBe(true);
    expect(fs.readFileSync(path.join(done.reportPath!, "REPORT.md"), "utf8")).toContain("`pdf-merge` → merged into `pdf`");
    const state = readCuratorState(home);
    expect(state.last_report_path).toBe(done.reportPath);
    expect(state.last_run_summary).toContain("• pdf-merge → pdf");
    // One history row, listed; a second apply of the same preview is refused.
    expect((await consolidationEvents(db, home)).map((e) => e.kind)).toEqual(["consolidate"]);
    expect(await consolidationHistory(ctx())).toMatchObject([{ umbrella: "pdf", absorbed: ["pdf-merge"], cronJobs: 3, undoneAt: null }]);
    await expect(applyConsolidation(ctx())).rejects.toMatchObject({ code: "not_found" });

    const undone = await undoConsolidationInto(ctx(), { umbrella: "pdf" });
    expect(undone.restored).toEqual(["pdf-merge"]);
    expect(recordOf(readUsage(home).map, "pdf-merge")?.state).toBe("active");
    expect(snapshot().files).toEqual(before.files);
    expect(cronSkills()).toEqual([
      ["daily", ["pdf-merge", "weather"], "pdf-merge"],
      ["both", ["pdf", "pdf-merge"], "pdf"],
      ["legacy", ["pdf-merge"], "pdf-merge"],
    ]);
    expect((await consolidationHistory(ctx()))[0].undoneAt).toBe(NOW);
    await expect(undoConsolidationInto(ctx(), { umbrella: "pdf" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a new umbrella with a reference: written, then taken away whole by the undo (to the archive)", async () => {
    const before = snapshot();
    plan({
      cluster: 1,
      umbrella: { name: "pdf-tools", create: true, description: "Everything about PDF files: merge, split, rotate." },
      absorb: [
        { skill: "pdf", as: "section" },
        { skill: "pdf-merge", as: "reference" },
      ],
      reason: "a class-level PDF skill",
    });
    const preview = await consolidationPreview(ctx());
    await applyConsolidation(ctx(), { id: preview.id });
    const umbrella = fs.readFileSync(path.join(skills, "pdf-tools", "SKILL.md"), "utf8");
    expect(umbrella).toMatch(/^---\nname: pdf-tools\ndescription: "Everything about PDF files/);
    expect(umbrella).toContain("## pdf\n");
    expect(umbrella).toContain("- [references/pdf-merge.md](references/pdf-merge.md): Merge PDF files into one PDF.");
    expect(fs.readFileSync(path.join(skills, "pdf-tools", "references", "pdf-merge.md"), "utf8")).toBe(
      fs.readFileSync(path.join(skills, ".archive", "pdf-merge", "SKILL.md"), "utf8"),
    );
    expect(recordOf(readUsage(home).map, "pdf-tools")?.created_by).toBe("agent"); // as skill_manage create marks it
    await undoConsolidationInto(ctx(), { umbrella: "pdf-tools" });
    // The new umbrella goes to the archive, as everything the curator takes away (never deleted); the rest is as before.
    expect(fs.existsSync(path.join(skills, "pdf-tools"))).toBe(false);
    expect(recordOf(readUsage(home).map, "pdf-tools")?.state).toBe("archived");
    expect(snapshot().files.filter((f) => !f.startsWith(".archive/pdf-tools/"))).toEqual(before.files);
    expect(snapshot().files).toContain(`.archive/pdf-tools/SKILL.md:${umbrella}`);
  });

  it("a home changed between preview and apply, a stale preview id, and an edited umbrella at undo: each refused, nothing changed", async () => {
    plan(MERGE_INTO_PDF);
    const first = await consolidationPreview(ctx());
    plan(MERGE_INTO_PDF);
    const second = await consolidationPreview(ctx());
    expect(second.id).toBe(first.id); // the same plans on the same files are the same preview
    fs.appendFileSync(path.join(skills, "pdf-merge", "SKILL.md"), "\nOne more line.\n");
    const changed = snapshot();
    await expect(applyConsolidation(ctx(), { id: second.id })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/changed since the preview.*fresh preview/),
    });
    expect(snapshot()).toEqual(changed);

    plan(MERGE_INTO_PDF);
    const fresh = await consolidationPreview(ctx());
    await expect(applyConsolidation(ctx(), { id: "0123456789abcdef" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("not the latest"),
    });
    await applyConsolidation(ctx(), { id: fresh.id });
    fs.appendFileSync(path.join(skills, "pdf", "SKILL.md"), "\nEdited after the consolidation.\n");
    const edited = snapshot();
    await expect(undoConsolidationInto(ctx(), { umbrella: "pdf" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/changed since the consolidation.*nothing was undone/),
    });
    expect(snapshot()).toEqual(edited);
  });

  it("a curator run in progress (its claim) makes apply wait for another time, nothing written", async () => {
    plan(MERGE_INTO_PDF);
    const preview = await consolidationPreview(ctx());
    fs.mkdirSync(path.join(skills, ".locks"), { recursive: true });
    fs.writeFileSync(path.join(skills, ".locks", "curator-run"), String(process.pid)); // held by a live process
    fs.utimesSync(path.join(skills, ".locks", "curator-run"), NOW / 1000, NOW / 1000); // claimed just now, on the test's clock
    await expect(applyConsolidation(ctx(), { id: preview.id })).rejects.toMatchObject({ code: "busy" });
    expect(fs.existsSync(path.join(skills, "pdf-merge", "SKILL.md"))).toBe(true);
    fs.rmSync(path.join(skills, ".locks", "curator-run"));
    await applyConsolidation(ctx(), { id: preview.id }); // the preview is still there to apply
  });

  it("a history row whose paths lead out of the skills folder undoes nothing", async () => {
    plan(MERGE_INTO_PDF);
    await applyConsolidation(ctx(), { id: (await consolidationPreview(ctx())).id });
    const [row] = await consolidationEvents(db, home);
    const outside = path.join(path.dirname(home), "elsewhere.md");
    fs.writeFileSync(outside, "mine");
    const detail = { ...JSON.parse(row.detail as string), file: outside, after: "mine" };
    const { usageEvents } = db.jev.t;
    await db
      .update(usageEvents)
      .set({ detail: JSON.stringify(detail) })
      .where(eq(usageEvents.id, row.id));
    await expect(undoConsolidationInto(ctx(), { umbrella: "pdf" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("does not describe"),
    });
    expect(fs.readFileSync(outside, "utf8")).toBe("mine");
    expect(fs.existsSync(path.join(skills, ".archive", "pdf-merge"))).toBe(true);
  });

  it("a FIFO where cron/jobs.json should be hangs nothing: the jobs are left alone, as an unreadable file is", async () => {
    const jobs = path.join(home, "cron", "jobs.json");
    fs.rmSync(jobs);
    const trap = fifoTrap(jobs);
    try {
      plan(MERGE_INTO_PDF);
      const preview = await consolidationPreview(ctx());
      expect(preview.changes[0].cron).toEqual([]);
      const done = await applyConsolidation(ctx(), { id: preview.id });
      expect(done.applied).toMatchObject([{ absorbed: ["pdf-merge"], cronJobs: 0 }]);
    } finally {
      trap.dispose();
    }
  });

  it("a sibling pinned between preview and apply is never absorbed", async () => {
    plan(MERGE_INTO_PDF);
    const preview = await consolidationPreview(ctx());
    const usageFile = path.join(skills, ".usage.json");
    const usage = JSON.parse(fs.readFileSync(usageFile, "utf8"));
    usage["pdf-merge"].pinned = true;
    fs.writeFileSync(usageFile, JSON.stringify(usage));
    await expect(applyConsolidation(ctx(), { id: preview.id })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("'pdf-merge' is pinned"),
    });
    expect(fs.existsSync(path.join(skills, "pdf-merge", "SKILL.md"))).toBe(true);
  });

  it("a curator run with consolidate on includes the pass; without a remote judge it says why it skipped, and the run still runs", async () => {
    // Off in the config: `--consolidate` forces the pass for one run, as `hermes curator run --consolidate` does.
    expect((await runCuratorNow(ctx(), { dryRun: true })).run.summary).toBe("dry-run auto: no changes; llm: skipped (consolidation off)");
    plan(MERGE_INTO_PDF);
    expect((await runCuratorNow(ctx(), { dryRun: true, consolidate: true })).run.summary).toMatch(/llm: dry-run: 1 plan\(s\)/);
    fs.writeFileSync(path.join(home, "config.yaml"), "curator:\n  consolidate: true\n");
    plan(MERGE_INTO_PDF);
    const dry = await runCuratorNow(ctx(), { dryRun: true });
    expect(dry.run.summary).toBe("dry-run auto: no changes; llm: dry-run: 1 plan(s) for 1 overlapping group(s), nothing changed");
    expect(fs.existsSync(path.join(skills, "pdf-merge", "SKILL.md"))).toBe(true);

    plan(MERGE_INTO_PDF);
    const real = await runCuratorNow(ctx());
    expect(real.run.summary).toMatch(/^auto: no changes; llm: consolidated 1 skill\(s\) into 1 umbrella\(s\)\narchived 1 skill\(s\):\n {2}• pdf-merge → pdf\n/);
    const run = JSON.parse(fs.readFileSync(path.join(real.run.reportPath!, "run.json"), "utf8"));
    expect(run.consolidated).toMatchObject([{ name: "pdf-merge", into: "pdf" }]);
    expect(run.counts).toMatchObject({ consolidated_this_run: 1, before: run.counts.after + 1 });
    expect(await consolidationHistory(ctx())).toMatchObject([{ umbrella: "pdf", absorbed: ["pdf-merge"] }]);
    await undoConsolidationInto(ctx(), { umbrella: "pdf" });

    config = testConfig(path.dirname(home), { HERMES_HOME: home });
    const skipped = await runCuratorNow(ctx());
    expect(skipped.run.summary).toBe("auto: no changes; llm: skipped (no remote judge: set JEV_JUDGE=openai and JEV_JUDGE_URL to let jev consolidate)");
    expect(JSON.parse(fs.readFileSync(path.join(skipped.run.reportPath!, "run.json"), "utf8")).llm_error).toBeNull();
  });

  it.skipIf(!python)(
    "Hermes's way of reading the home agrees after apply and undo; a Python holder of cron/.jobs.lock makes apply wait",
    { timeout: 30_000 },
    async () => {
      plan(MERGE_INTO_PDF);
      const preview = await consolidationPreview(ctx());
      // Python takes the cron lock first, as a running Hermes gateway would; jev's rewrite waits for it.
      const holder = spawn(python as string, [reader, "hold-cron-lock", home, "1"]);
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      await new Promise<void>((resolve) => holder.stdout.once("data", () => resolve()));
      const started = Date.now();
      const done = await applyConsolidation(ctx(), { id: preview.id });
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
      await exited;

      const after = readAsHermes(home);
      expect(after.live).toEqual(["haiku", "pdf", "pdf-split", "weather"]);
      expect(after.archived).toEqual(["pdf-merge"]);
      expect(after.states["pdf-merge"]).toBe("archived");
      expect(after.last_report_path).toBe(done.reportPath);
      expect(after.report.consolidated).toMatchObject([{ name: "pdf-merge", into: "pdf" }]);
      expect(after.report.counts).toMatchObject({ consolidated_this_run: 1, cron_jobs_rewritten: 3 });
      expect(after.cron).toEqual([
        { id: "daily", skills: ["pdf", "weather"], skill: "pdf" },
        { id: "both", skills: ["pdf"], skill: "pdf" },
        { id: "legacy", skills: ["pdf"], skill: "pdf" },
      ]);

      await undoConsolidationInto(ctx(), { umbrella: "pdf" });
      const undone = readAsHermes(home);
      expect(undone.live).toEqual(["haiku", "pdf", "pdf-merge", "pdf-split", "weather"]);
      expect(undone.archived).toEqual([]);
      expect(undone.states["pdf-merge"]).toBe("active");
      expect(undone.cron.map((j: { skills: string[] }) => j.skills)).toEqual([["pdf-merge", "weather"], ["pdf", "pdf-merge"], ["pdf-merge"]]);
    },
  );
});
