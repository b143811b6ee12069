import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readSkillFile, readSkillFileSync } from "../fs/skill-file";
import { tempDir, writeSkill } from "../testing/factories";
import { clearDiscoveryCache, discover, readSkillCard } from "./discover";
import { walkSkillTree } from "./walk";
import { WalkBudget, WalkOverBudget } from "./walk-budget";

let tmp: { dir: string; cleanup: () => void };
beforeEach(() => {
  tmp = tempDir("jev-walk-");
  clearDiscoveryCache();
});
afterEach(() => tmp.cleanup());

const mkfifo = (p: string) => execFileSync("mkfifo", [p]);
const names = async (root: string, fenceRoots: string[] = [], linkedFileRoots: string[] = []) =>
  (await discover([root], { fence: { roots: fenceRoots, linkedFileRoots } })).skills.map((s) => s.name);

describe("hostile files in a root", () => {
  // Each of these hung the server for good when SKILL.md was read synchronously: a FIFO open blocks until a writer comes.
  it("skips a SKILL.md that is a FIFO and reports it, without blocking", async () => {
    const root = path.join(tmp.dir, "skills");
    writeSkill(root, "ok", "fine");
    fs.mkdirSync(path.join(root, "trap"));
    mkfifo(path.join(root, "trap", "SKILL.md"));
    const catalog = await discover([root]);
    expect(catalog.skills.map((s) => s.name)).toEqual(["ok"]);
    expect(catalog.unreadable).toEqual([{ path: path.join(root, "trap", "SKILL.md"), problem: "not a regular file (a FIFO)" }]);
  });

  it("skips a SKILL.md that links to a FIFO inside the root", async () => {
    const root = path.join(tmp.dir, "skills");
    fs.mkdirSync(path.join(root, "trap"), { recursive: true });
    mkfifo(path.join(root, "pipe"));
    fs.symlinkSync(path.join(root, "pipe"), path.join(root, "trap", "SKILL.md"));
    const catalog = await discover([root]);
    expect(catalog.skills).toEqual([]);
    expect(catalog.unreadable[0].problem).toBe("links to something that is not a regular file");
  });

  it("never blocks on a FIFO swapped in after the walk (verification and reads open non-blocking)", async () => {
    const fifo = path.join(tmp.dir, "SKILL.md");
    mkfifo(fifo);
    expect(readSkillFileSync(fifo)?.text).toBeNull();
    expect((await readSkillFile(fifo))?.text).toBeNull();
    expect(readSkillCard(fifo)).toBeNull();
  });

  it("reads only the head of a huge SKILL.md", async () => {
    const root = path.join(tmp.dir, "skills");
    writeSkill(root, "big", "front matter first", { body: "x".repeat(5_000_000) });
    expect((await readSkillFile(path.join(root, "big", "SKILL.md")))?.text?.length).toBe(256 * 1024);
    expect(await names(root)).toEqual(["big"]);
  });
});

describe("symlinks", () => {
  it("terminates on a symlink loop", async () => {
    const root = path.join(tmp.dir, "skills");
    writeSkill(root, "one", "first", { folder: "a/one" });
    fs.symlinkSync(path.join(root, "a"), path.join(root, "a", "loop"));
    fs.symlinkSync("self", path.join(root, "self")); // a link to itself: ELOOP
    expect(await names(root)).toEqual(["one"]);
  });

  it("follows links only to places inside the root or the fence", async () => {
    const root = path.join(tmp.dir, "skills");
    const outside = path.join(tmp.dir, "elsewhere");
    writeSkill(root, "inside", "in the root");
    writeSkill(outside, "linked", "reached through a link");
    fs.symlinkSync(path.join(outside, "linked"), path.join(root, "linked"));
    fs.mkdirSync(path.join(root, "file-link"));
    fs.symlinkSync(path.join(outside, "linked", "SKILL.md"), path.join(root, "file-link", "SKILL.md"));
    expect(await names(root)).toEqual(["inside"]);
    const catalog = await discover([root]);
    expect(catalog.unreadable).toEqual([
      { path: path.join(root, "file-link", "SKILL.md"), problem: "is a link that leads outside the skill roots (link the skill's folder instead)" },
    ]);
    clearDiscoveryCache();
    // With the target fenced in, the linked folder counts; a SKILL.md that is a link still needs a skill root.
    expect(await names(root, [fs.realpathSync(outside)])).toEqual(["inside", "linked"]);
    clearDiscoveryCache();
    // With it a skill root too, both links count: file-link/SKILL.md comes first in sorted order, linked/ repeats its name.
    expect(await names(root, [fs.realpathSync(outside)], [fs.realpathSync(outside)])).toEqual(["linked", "inside"]);
  });

  it("a SKILL.md that is a link to a file of the home (a key, a token) is no skill, though the home is in the fence", async () => {
    const home = path.join(tmp.dir, "home");
    const root = path.join(home, ".claude", "skills");
    fs.mkdirSync(path.join(home, ".ssh"), { recursive: true });
    fs.writeFileSync(path.join(home, ".ssh", "id_ed25519"), "---\nname: key\ndescription: a key\n---\nsecret\n");
    fs.mkdirSync(path.join(root, "planted"), { recursive: true });
    fs.symlinkSync(path.join(home, ".ssh", "id_ed25519"), path.join(root, "planted", "SKILL.md"));
    // A link inside its own folder is the skill's own business.
    fs.mkdirSync(path.join(root, "own"), { recursive: true });
    fs.writeFileSync(path.join(root, "own", "README.md"), "---\nname: own\ndescription: its own file\n---\n");
    fs.symlinkSync("README.md", path.join(root, "own", "SKILL.md"));
    expect(await names(root, [fs.realpathSync(home)])).toEqual(["own"]);
  });
});

describe("walk budget", () => {
  it("stops at the folder limit with WalkOverBudget", async () => {
    const root = path.join(tmp.dir, "skills");
    for (let i = 0; i < 30; i++) writeSkill(root, `s${i}`, "d");
    await expect(walkSkillTree(root, { roots: [] }, new WalkBudget(Date.now() + 60_000, 10))).rejects.toBeInstanceOf(WalkOverBudget);
    const whole = await walkSkillTree(root, { roots: [] }, new WalkBudget(Date.now() + 60_000, 100));
    expect(whole.skillFiles).toHaveLength(30);
  });

  it("stops at the deadline, and discover remembers the verdict instead of walking again", async () => {
    const root = path.join(tmp.dir, "skills");
    writeSkill(root, "s", "d");
    const error = await discover([root], { budget: new WalkBudget(Date.now() - 1) }).catch((e) => e);
    expect(error).toBeInstanceOf(WalkOverBudget);
    expect(error.limit).toBe("time");
    await expect(discover([root])).rejects.toBe(error); // remembered: no second walk for a while
  });

  it("keeps the event loop answering while it walks a large tree", async () => {
    const root = path.join(tmp.dir, "big");
    for (let i = 0; i < 1500; i++) fs.mkdirSync(path.join(root, `d${i}`, "x"), { recursive: true });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const walked = await walkSkillTree(root, { roots: [] }, new WalkBudget());
    clearInterval(timer);
    expect(walked.folders.size).toBe(3001);
    expect(ticks).toBeGreaterThan(5); // a synchronous walk lets no timer run at all
  });
});
