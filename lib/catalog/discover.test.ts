import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readHermesSkillsConfig } from "../hermes/config-yaml";
import { FIXTURES } from "../testing/fixtures";
import { clearDiscoveryCache, discover } from "./discover";
import { defaultRoots, discoverRoots } from "./roots";

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jev-discover-"));
  clearDiscoveryCache();
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function skill(dir: string, frontMatter: string, body = "# body\n"): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "SKILL.md");
  fs.writeFileSync(file, `---\n${frontMatter}\n---\n${body}`);
  return file;
}
/** Change events arrive asynchronously once the watch is up (just after the cold read). */
const inotifyDelivers = () => new Promise((r) => setTimeout(r, 100));
const names = async (roots: string[], disabled?: string[]) => (await discover(roots, { disabled })).skills.map((s) => s.name);

describe("discover", () => {
  it("reads name and the first 200 description characters; folder name as fallback", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "xlsx"), `name: xlsx\ndescription: ${"a".repeat(250)}`);
    skill(path.join(root, "unnamed-folder"), "description: no name here");
    const skills = (await discover([root])).skills;
    const x = skills.find((s) => s.name === "xlsx")!;
    const u = skills.find((s) => s.path.includes("unnamed-folder"))!;
    expect(x.description).toHaveLength(200);
    expect(x.path).toBe(path.join(root, "xlsx", "SKILL.md"));
    expect(u.name).toBe("unnamed-folder");
  });

  it("reads block-scalar descriptions and nested Hermes categories (real fixture)", async () => {
    const root = path.join(tmp, "skills");
    const fixture = fs.readFileSync(FIXTURES.hermesFrontMatter("mlops-inference-vllm"), "utf8");
    fs.mkdirSync(path.join(root, "mlops", "inference", "vllm"), { recursive: true });
    fs.writeFileSync(path.join(root, "mlops", "inference", "vllm", "SKILL.md"), fixture);
    fs.writeFileSync(path.join(root, "mlops", "DESCRIPTION.md"), "---\ndescription: category\n---\n");
    const [s] = (await discover([root])).skills;
    expect(s.name).toBe("serving-llms-vllm");
    expect(s.description.length).toBeGreaterThan(20);
  });

  it("never walks dot folders, node_modules, virtualenvs or a skill's support folders", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "real"), "name: real\ndescription: r");
    for (const hidden of [
      ".archive/old",
      ".hub/x",
      "node_modules/pkg",
      "venv/lib",
      "__pycache__/x",
      "real/references/inner",
      "real/templates/t",
      "real/scripts/s",
      "real/assets/a",
    ]) {
      skill(path.join(root, hidden), `name: hidden-${hidden.replace(/\W/g, "-")}\ndescription: h`);
    }
    expect(await names([root])).toEqual(["real"]);
  });

  it("first root wins on a repeated name; disabled names are never offered", async () => {
    const a = path.join(tmp, "a");
    const b = path.join(tmp, "b");
    skill(path.join(a, "pdf"), "name: pdf\ndescription: from a");
    skill(path.join(b, "pdf"), "name: pdf\ndescription: from b");
    skill(path.join(b, "docx"), "name: docx\ndescription: d");
    const cat = (await discover([a, b])).skills;
    expect(cat.find((s) => s.name === "pdf")!.description).toBe("from a");
    expect(await names([a, b], ["docx"])).toEqual(["pdf"]);
  });

  it("skips files whose front matter does not parse", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "ok"), "name: ok\ndescription: fine");
    skill(path.join(root, "broken"), "name: [unclosed\ndescription: : :");
    expect(await names([root])).toEqual(["ok"]);
  });

  it("serves repeats from the cache and sees added, removed and edited skills", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "one"), "name: one\ndescription: first");
    const first = await discover([root]);
    expect(await discover([root])).toBe(first); // unchanged tree: same snapshot object
    skill(path.join(root, "two"), "name: two\ndescription: second");
    await inotifyDelivers();
    expect(await names([root])).toEqual(["one", "two"]);
    const file = path.join(root, "one", "SKILL.md");
    fs.writeFileSync(file, "---\nname: one\ndescription: edited in place, longer\n---\n");
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    await inotifyDelivers();
    expect((await discover([root])).skills[0].description).toBe("edited in place, longer");
    fs.rmSync(path.join(root, "two"), { recursive: true });
    await inotifyDelivers();
    expect(await names([root])).toEqual(["one"]);
  });
});

describe("Hermes roots", () => {
  it("local skills first, then external_dirs in config order, expanded, deduplicated, missing dropped", async () => {
    const home = path.join(tmp, "hermes");
    fs.mkdirSync(path.join(home, "skills"), { recursive: true });
    fs.mkdirSync(path.join(tmp, "ext1"));
    fs.mkdirSync(path.join(home, "rel"));
    fs.writeFileSync(
      path.join(home, "config.yaml"),
      `skills:\n  external_dirs:\n    - \${JEV_TEST_EXT}\n    - rel\n    - ~/does-not-exist\n    - ${path.join(tmp, "ext1")}\n  disabled: old-skill\n`,
    );
    const env = { ...process.env, JEV_TEST_EXT: path.join(tmp, "ext1"), HOME: tmp };
    expect(discoverRoots(home, env)).toEqual([path.join(home, "skills"), path.join(tmp, "ext1"), path.join(home, "rel")]);
    expect(readHermesSkillsConfig(home).disabled).toEqual(["old-skill"]);
  });

  it("a missing or broken config gives the defaults", async () => {
    const home = path.join(tmp, "hermes");
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, "config.yaml"), "skills: [this is: not: valid");
    expect(readHermesSkillsConfig(home)).toEqual({ externalDirs: [], disabled: [], platformDisabled: {} });
    expect(discoverRoots(path.join(tmp, "nowhere"))).toEqual([]);
  });

  it("default roots: Hermes, ~/.claude/skills, Codex's ~/.codex/skills and ~/.agents/skills, ./skills (not for Hermes)", async () => {
    const home = path.join(tmp, "hermes");
    for (const d of ["hermes/skills", ".claude/skills", ".codex/skills", ".agents/skills", "project/skills"])
      fs.mkdirSync(path.join(tmp, d), { recursive: true });
    const env = { ...process.env, HOME: tmp };
    const cwd = path.join(tmp, "project");
    expect(defaultRoots({ hermesHome: home, cwd, env })).toEqual([
      path.join(home, "skills"),
      path.join(tmp, ".claude/skills"),
      path.join(tmp, ".codex/skills"),
      path.join(tmp, ".agents/skills"),
      path.join(cwd, "skills"),
    ]);
    expect(defaultRoots({ hermesHome: home, cwd, env, servingHermes: true })).not.toContain(path.join(cwd, "skills"));
  });
});

describe("discover change watching", () => {
  it("notices an in-place edit through the watch without a full sweep", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "one"), "name: one\ndescription: first");
    const first = await discover([root]);
    await new Promise((r) => setImmediate(r)); // the watch is set up just after the cold read
    expect(await discover([root])).toBe(first);
    fs.appendFileSync(path.join(root, "one", "SKILL.md"), "\nmore body\n");
    fs.writeFileSync(path.join(root, "one", "SKILL.md"), "---\nname: one\ndescription: second version\n---\n");
    await new Promise((r) => setTimeout(r, 100)); // inotify delivers asynchronously
    expect((await discover([root])).skills[0].description).toBe("second version");
  });

  it("keeps the catalog when Hermes rewrites its usage file beside the skills, and still sees a new skill", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "one"), "name: one\ndescription: first");
    const first = await discover([root]);
    await new Promise((r) => setImmediate(r)); // the watch is set up just after the cold read
    for (let bump = 0; bump < 3; bump++) {
      // As Hermes and jev write it: a temp file beside it, renamed over it (and the lock file beside them).
      fs.writeFileSync(path.join(root, ".usage.json.lock"), "");
      fs.writeFileSync(path.join(root, ".usage.json.tmp"), `{"one": {"use_count": ${bump}}}`);
      fs.renameSync(path.join(root, ".usage.json.tmp"), path.join(root, ".usage.json"));
      fs.writeFileSync(path.join(root, ".curator_state"), "{}");
      await inotifyDelivers();
      expect(await discover([root])).toBe(first);
    }
    skill(path.join(root, "two"), "name: two\ndescription: second");
    await inotifyDelivers();
    expect((await discover([root])).skills.map((s) => s.name)).toEqual(["one", "two"]);
  });
});

describe("walk limits", () => {
  it("does not read deeper than the depth limit", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "a", "b", "c", "shallow"), "name: shallow\ndescription: s");
    skill(path.join(root, ...Array.from({ length: 10 }, (_, i) => `d${i}`), "deep"), "name: deep\ndescription: d");
    expect(await names([root])).toEqual(["shallow"]);
  });
});

describe("cache bounds", () => {
  it("remembers a bounded number of root lists and still answers for evicted ones", async () => {
    const roots = Array.from({ length: 20 }, (_, i) => {
      const root = path.join(tmp, `r${i}`);
      skill(path.join(root, `s${i}`), `name: s${i}\ndescription: skill ${i}`);
      return root;
    });
    const first = await discover([roots[0]]);
    for (const r of roots.slice(1)) await discover([r]);
    const again = await discover([roots[0]]);
    expect(again).not.toBe(first); // evicted, so read anew
    expect(again.skills.map((s) => s.name)).toEqual(["s0"]);
    expect(await discover([roots[0]])).toBe(again);
  });
});

describe("verification and the cache", () => {
  it("a file re-read by verification still invalidates the catalog that holds its old version", async () => {
    const { readSkillCard, setDiscoveryWatching } = await import("./discover");
    setDiscoveryWatching(false); // the stat sweep alone must catch it
    try {
      const root = path.join(tmp, "skills");
      const file = skill(path.join(root, "one"), "name: one\ndescription: old text");
      expect((await discover([root])).skills[0].description).toBe("old text");
      fs.writeFileSync(file, "---\nname: one\ndescription: new text, longer\n---\n");
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(file, later, later);
      expect(readSkillCard(file)?.description).toBe("new text, longer"); // verification sees the edit first
      expect((await discover([root])).skills[0].description).toBe("new text, longer");
    } finally {
      setDiscoveryWatching(true);
    }
  });
  it("lists a SKILL.md whose front matter does not parse, with the parser's line and column, logged once", async () => {
    const root = path.join(tmp, "skills");
    skill(path.join(root, "ok"), "name: ok\ndescription: fine");
    const broken = skill(path.join(root, "broken"), "name: broken\ndescription: [unclosed\nmore: x");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await discover([root]);
    expect(first.skills.map((s) => s.name)).toEqual(["ok"]);
    expect(first.unreadable).toEqual([{ path: broken, problem: "missed comma between flow collection entries (line 4, column 1)" }]);
    skill(path.join(root, "another"), "name: another\ndescription: fine too"); // the catalog is read again…
    expect((await discover([root])).unreadable).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1); // …but the broken file, unchanged, is not parsed or logged again
    expect(String(warn.mock.calls[0][0])).not.toContain("unclosed");
    warn.mockRestore();
  });
});
