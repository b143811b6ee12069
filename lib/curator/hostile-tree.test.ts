import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { curatorAction } from "../services/curator/act";
import { listSkills } from "../services/skills/list";
import { ctxAt, freshDb, tempDir, testConfig } from "../testing/factories";
import { fifoTrap } from "../testing/fifo-trap";
import { buildHermesHome } from "../testing/hermes-home";
import { loadCuratorHome } from "./curator-home";
import { runCurator } from "./run-curator";

/**
 * Files that are not regular files in a Hermes home (finding 4 of the
 * hardening issue): a FIFO behind a SKILL.md symlink blocked the curator's
 * walk, and with it the whole server, until something wrote to the FIFO.
 * Each trap releases itself after 3 s, so code that blocks fails on time.
 */
const RELEASE_MS = 3_000;
const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let home: string;
let traps: { dispose: () => void }[];
beforeEach(() => {
  tmp = tempDir("jev-hostile-tree-");
  db = freshDb(tmp.dir);
  home = path.join(tmp.dir, "hermes");
  traps = [];
});
afterEach(() => {
  for (const t of traps) t.dispose();
  tmp.cleanup();
});

const trap = (file: string) => traps.push(fifoTrap(file, RELEASE_MS));
const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};

describe("a FIFO anywhere in a Hermes home", () => {
  it("behind a SKILL.md symlink or as SKILL.md: skipped and listed, never opened", async () => {
    buildHermesHome(home, { skills: { pdf: null, linked: null }, usage: { pdf: { created_by: "agent" } } });
    const skills = path.join(home, "skills");
    fs.rmSync(path.join(skills, "linked", "SKILL.md"));
    fs.mkdirSync(path.join(tmp.dir, "elsewhere"));
    trap(path.join(tmp.dir, "elsewhere", "pipe"));
    fs.symlinkSync(path.join(tmp.dir, "elsewhere", "pipe"), path.join(skills, "linked", "SKILL.md"));
    fs.mkdirSync(path.join(skills, "piped"));
    trap(path.join(skills, "piped", "SKILL.md"));
    const { value: h, ms } = await timed(() => loadCuratorHome(home));
    expect(ms).toBeLessThan(RELEASE_MS / 2);
    expect(h.local.map((s) => s.name)).toEqual(["pdf"]);
    expect(h.skipped.map((s) => [path.relative(skills, s.path), s.problem])).toEqual([
      ["linked/SKILL.md", "links to something that is not a regular file"],
      ["piped/SKILL.md", "not a regular file (a FIFO)"],
    ]);
  });

  it("in place of Hermes's own files: the Skills list, the status and a dry run answer at once, and a write refuses", async () => {
    buildHermesHome(home, { skills: { pdf: null }, cronJobs: [] });
    const skills = path.join(home, "skills");
    for (const file of [".usage.json", ".bundled_manifest", ".curator_state", ".curator_suppressed"]) trap(path.join(skills, file));
    fs.mkdirSync(path.join(skills, ".hub"));
    trap(path.join(skills, ".hub", "lock.json"));
    trap(path.join(home, "config.yaml"));
    fs.rmSync(path.join(home, "cron", "jobs.json"));
    trap(path.join(home, "cron", "jobs.json"));
    const config = testConfig(tmp.dir, { HERMES_HOME: home });
    const { ms } = await timed(async () => {
      expect((await listSkills(ctxAt(db, config, NOW), {}).then((l) => l.skills)).map((r) => r.name)).toEqual(["pdf"]);
      // The hub lock cannot be read, so a run refuses (as Hermes's does) instead of acting on a partial picture.
      await expect(runCurator(home, { dryRun: true, now: NOW })).rejects.toThrow(/hub lock unreadable/);
    });
    expect(ms).toBeLessThan(RELEASE_MS / 2);
    const pin = await timed(() => curatorAction(ctxAt(db, config, NOW), { action: "pin", name: "pdf" }).catch((e) => e));
    expect(pin.ms).toBeLessThan(RELEASE_MS / 2);
    // The hub lock is unreadable, so lifecycle changes refuse; .usage.json would not be replaced either.
    expect(pin.value).toMatchObject({ code: "conflict" });
    expect(fs.statSync(path.join(skills, ".usage.json")).isFIFO()).toBe(true);
  });
});

describe("archived symlinked skills", () => {
  it("a skill whose folder is a symlink is archived as the link and restored from it", async () => {
    buildHermesHome(home, { skills: {}, usage: { linked: { created_by: "agent" } } });
    const real = path.join(tmp.dir, "real-linked");
    fs.mkdirSync(real);
    fs.writeFileSync(path.join(real, "SKILL.md"), "---\nname: linked\ndescription: a linked skill\n---\n");
    fs.symlinkSync(real, path.join(home, "skills", "linked"));
    const config = testConfig(tmp.dir, { HERMES_HOME: home });
    expect((await curatorAction(ctxAt(db, config, NOW), { action: "archive", name: "linked" })).message).toMatch(/archived to .*\.archive\/linked$/);
    expect(fs.lstatSync(path.join(home, "skills", ".archive", "linked")).isSymbolicLink()).toBe(true);
    expect((await listSkills(ctxAt(db, config, NOW), {}).then((l) => l.skills)).map((r) => [r.name, r.location])).toEqual([["linked", "archived"]]);
    expect((await curatorAction(ctxAt(db, config, NOW), { action: "restore", name: "linked" })).message).toMatch(/restored to/);
    expect(fs.realpathSync(path.join(home, "skills", "linked"))).toBe(fs.realpathSync(real));
  });
});

describe("links jev did not make (second hardening round)", () => {
  it("skills/.archive as a link: archive moves nothing out of the home, restore brings nothing in, and a scheduled run archives nothing", async () => {
    buildHermesHome(home, { skills: { "ops/idle": null }, usage: { idle: { created_by: "agent", last_used_at: "2026-01-01T00:00:00+00:00" } } });
    const outside = path.join(tmp.dir, "outside");
    fs.mkdirSync(path.join(outside, "planted"), { recursive: true });
    fs.writeFileSync(path.join(outside, "planted", "SKILL.md"), "---\nname: planted\ndescription: planted\n---\n");
    fs.symlinkSync(outside, path.join(home, "skills", ".archive"));
    const config = testConfig(tmp.dir, { HERMES_HOME: home });
    const archived = await curatorAction(ctxAt(db, config, NOW), { action: "archive", name: "idle" }).catch((e) => e);
    expect(String(archived.message)).toMatch(/\.archive is a symlink; jev does not archive into or restore from a linked archive/);
    expect(fs.existsSync(path.join(home, "skills", "ops", "idle", "SKILL.md"))).toBe(true);
    const restored = await curatorAction(ctxAt(db, config, NOW), { action: "restore", name: "planted" }).catch((e) => e);
    expect(String(restored.message)).toMatch(/is a symlink/);
    expect(fs.existsSync(path.join(home, "skills", "planted"))).toBe(false);
    await runCurator(home, { now: NOW, dryRun: false });
    expect(fs.existsSync(path.join(home, "skills", "ops", "idle", "SKILL.md"))).toBe(true);
    expect(fs.readdirSync(outside)).toEqual(["planted"]);
  });

  it("skills/.curator_state as a link: pause refuses and writes nothing through it (the same rule guards .curator_suppressed and jev/state.json)", async () => {
    buildHermesHome(home, { skills: { "ops/idle": null }, usage: { idle: { created_by: "agent" } } });
    const outside = path.join(tmp.dir, "outside-state.json");
    fs.writeFileSync(outside, "{}");
    fs.symlinkSync(outside, path.join(home, "skills", ".curator_state"));
    const config = testConfig(tmp.dir, { HERMES_HOME: home });
    await expect(curatorAction(ctxAt(db, config, NOW), { action: "pause" })).rejects.toMatchObject({
      message: expect.stringMatching(/\.curator_state is a symlink/),
    });
    expect(fs.readFileSync(outside, "utf8")).toBe("{}");
    expect(fs.lstatSync(path.join(home, "skills", ".curator_state")).isSymbolicLink()).toBe(true);
  });
});
