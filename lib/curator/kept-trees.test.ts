import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WalkBudget } from "../catalog/walk-budget";
import { buildHermesHome, idleRecord, writeSkillFolder } from "../testing/hermes-home";
import { loadCuratorHome } from "./curator-home";
import { forgetKeptCuratorTrees, keptCuratorTree } from "./kept-trees";
import { archiveSkill, restoreSkill } from "./moves";

const NOW = Date.parse("2026-11-20T10:00:00Z");
/** Change events arrive asynchronously once the watch is up. */
const inotifyDelivers = () => new Promise((r) => setTimeout(r, 100));

let home: string;
let skills: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "jev-kept-trees-"));
  skills = path.join(home, "skills");
  buildHermesHome(home, { skills: { "cat/foo": null, bar: null }, usage: { foo: idleRecord(NOW, 1), bar: idleRecord(NOW, 1) } });
  forgetKeptCuratorTrees();
});
afterEach(() => {
  forgetKeptCuratorTrees();
  fs.rmSync(home, { recursive: true, force: true });
});

const names = async (trees: "walked" | "kept") => (await loadCuratorHome(home, {}, trees)).local.map((s) => s.name);

describe("curator trees kept for the dashboard's views", () => {
  it("a view reads the kept tree while nothing changed, through usage-file rewrites, and walks again after a new skill", async () => {
    const first = await keptCuratorTree("k", skills, new WalkBudget());
    expect(await keptCuratorTree("k", skills, new WalkBudget())).toBe(first);
    for (let bump = 0; bump < 2; bump++) {
      fs.writeFileSync(path.join(skills, ".usage.json.tmp"), "{}");
      fs.renameSync(path.join(skills, ".usage.json.tmp"), path.join(skills, ".usage.json"));
      await inotifyDelivers();
      expect(await keptCuratorTree("k", skills, new WalkBudget())).toBe(first);
    }
    writeSkillFolder(path.join(skills, "cat", "baz"), null); // two levels down: its category folder is watched too
    await inotifyDelivers();
    const after = await keptCuratorTree("k", skills, new WalkBudget());
    expect(after).not.toBe(first);
    expect(after.skills.map((s) => s.name)).toEqual(["bar", "baz", "foo"]);
  });

  it("an edited SKILL.md name is seen by the next view", async () => {
    expect(await names("kept")).toEqual(["bar", "foo"]);
    writeSkillFolder(path.join(skills, "bar"), "bar-renamed");
    await inotifyDelivers();
    expect(await names("kept")).toEqual(["bar-renamed", "foo"]);
  });

  it("after jev archives or restores a skill, the next view agrees", async () => {
    expect(await names("kept")).toEqual(["bar", "foo"]);
    expect((await archiveSkill(await loadCuratorHome(home), "foo", NOW)).ok).toBe(true);
    expect(await names("kept")).toEqual(["bar"]);
    expect((await restoreSkill(await loadCuratorHome(home), "foo", NOW)).ok).toBe(true);
    expect(await names("kept")).toEqual(["bar", "foo"]);
  });

  it("decisions walk afresh: a folder added a moment ago is there before any event", async () => {
    expect(await names("kept")).toEqual(["bar", "foo"]);
    writeSkillFolder(path.join(skills, "qux"), null);
    expect(await names("walked")).toEqual(["bar", "foo", "qux"]);
  });
});
