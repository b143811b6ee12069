import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WalkBudget } from "../catalog/walk-budget";
import { bundledHash, readBundledNames } from "../hermes/bundled-manifest";
import { readHubSet } from "../hermes/hub-lock";
import { tempDir } from "../testing/factories";
import { buildHermesHome } from "../testing/hermes-home";
import { managedSet } from "./curation-scope";
import { loadCuratorHome } from "./curator-home";
import { curatedReport, isAgentCreated, isCurationEligible, provenanceOf, unmanagedList } from "./provenance";
import { walkCuratorTree } from "./skill-tree";

const repo = path.resolve(import.meta.dirname, "../..");
const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let home: string;
beforeEach(() => {
  tmp = tempDir("jev-prov-");
  home = path.join(tmp.dir, "home");
  fs.mkdirSync(home);
});
afterEach(() => tmp.cleanup());

describe("provenance and eligibility (curator checklist 14–20)", () => {
  it("14: the fixture manifest gives 5 names; a bundled skill is managed exactly when prune_builtins is on", async () => {
    fs.mkdirSync(path.join(home, "skills"));
    fs.copyFileSync(path.join(repo, "fixtures/hermes/bundled_manifest.txt"), path.join(home, "skills/.bundled_manifest"));
    expect(readBundledNames(home).size).toBe(5);
    buildHermesHome(home, { skills: { "bundled-skill": null }, bundled: ["bundled-skill"], configYaml: "curator:\n  prune_builtins: false\n" });
    expect(managedSet(await loadCuratorHome(home))).toEqual([]);
    fs.writeFileSync(path.join(home, "config.yaml"), "curator:\n  prune_builtins: true\n");
    expect(managedSet(await loadCuratorHome(home))).toEqual(["bundled-skill"]);
  });

  it("15: hub names are the lock's keys plus the front-matter name at install_path; a corrupt lock is flagged", async () => {
    buildHermesHome(home, { skills: { "productivity/getnote": "Get笔记" } });
    fs.mkdirSync(path.join(home, "skills/.hub"));
    fs.copyFileSync(path.join(repo, "fixtures/hermes/hub_lock.json"), path.join(home, "skills/.hub/lock.json"));
    expect([...readHubSet(home).names].sort()).toEqual(["Get笔记", "getnote"]);
    fs.writeFileSync(path.join(home, "skills/.hub/lock.json"), "{nope");
    expect(readHubSet(home)).toEqual({ names: new Set(), unreadable: true });
  });

  it("16: the managed set leaves out .archive, support folders and external roots, even with a stale agent record", async () => {
    const ext = path.join(tmp.dir, "ext");
    buildHermesHome(home, {
      skills: { mine: null, ".archive/old": null, "mine/references/inner": null, "mine/scripts/tool": null },
      external: { [ext]: { "shared-skill": null } },
      configYaml: `skills:\n  external_dirs: ["${ext}"]\n`,
      usage: { mine: { created_by: "agent" }, old: { created_by: "agent" }, inner: { created_by: "agent" }, "shared-skill": { created_by: "agent" } },
    });
    expect(managedSet(await loadCuratorHome(home))).toEqual(["mine"]);
  });

  it("17: isAgentCreated: bundled false, hub false, local unmarked true, unknown true, only external false", async () => {
    const ext = path.join(tmp.dir, "ext");
    buildHermesHome(home, {
      skills: { b: null, h: null, local: null },
      bundled: ["b"],
      hub: { h: "h" },
      external: { [ext]: { far: null } },
      configYaml: `skills:\n  external_dirs: "${ext}"\n`,
    });
    const h = await loadCuratorHome(home);
    expect(["b", "h", "local", "unknown", "far"].map((n) => isAgentCreated(h, n))).toEqual([false, false, true, true, false]);
    expect(["b", "h", "local"].map((n) => provenanceOf(h, n))).toEqual(["bundled", "hub", "agent"]);
  });

  it("18: hand-written skills with telemetry, learn, null and installed records are unmanaged; agent and agent_created are managed", async () => {
    buildHermesHome(home, {
      skills: { a: null, b: null, c: null, d: null, e: null, f: null, g: null },
      usage: {
        a: { use_count: 9 },
        b: { created_by: "learn" },
        c: { created_by: null },
        d: { created_by: "installed" },
        e: { created_by: "agent" },
        f: { agent_created: true },
      },
    });
    const h = await loadCuratorHome(home);
    expect(managedSet(h)).toEqual(["e", "f"]);
    expect(unmanagedList(h)).toEqual([
      { name: "a", has_record: true, has_provenance_key: false },
      { name: "b", has_record: true, has_provenance_key: true },
      { name: "c", has_record: true, has_provenance_key: true },
      { name: "d", has_record: true, has_provenance_key: true },
      { name: "g", has_record: false, has_provenance_key: false },
    ]);
  });

  it("eligibility follows §3.7 in order, and a pinned unmanaged local skill joins the curated report", async () => {
    buildHermesHome(home, {
      skills: { b: null, h: null, pinned: null },
      bundled: ["b"],
      hub: { h: "h" },
      configYaml: "curator:\n  prune_builtins: false\n",
      usage: { pinned: { created_by: "learn", pinned: true } },
    });
    const h = await loadCuratorHome(home, { protectedNames: ["plan"] });
    expect(["plan", "h", "b", "pinned", "nowhere"].map((n) => isCurationEligible(h, n))).toEqual([false, false, false, true, true]);
    expect(curatedReport(h, NOW).map((r) => [r.name, r._persisted, r.provenance])).toEqual([["pinned", true, "agent"]]);
  });

  it("20: the bundled hash visits a/b before a-c (Path component order)", async () => {
    const skill = path.join(tmp.dir, "s");
    fs.mkdirSync(path.join(skill, "a"), { recursive: true });
    fs.writeFileSync(path.join(skill, "a", "b"), "1");
    fs.writeFileSync(path.join(skill, "a-c"), "2");
    expect(bundledHash(skill)).toBe(createHash("md5").update("a/b").update("1").update("a-c").update("2").digest("hex"));
  });

  it("49: support folders, node_modules and .git hold no skills; a depth-3 skill is named by its front matter", async () => {
    buildHermesHome(home, {
      skills: {
        "mlops/inference/vllm": "serving-llms-vllm",
        "x/references/r": null,
        "x/templates/t": null,
        "x/assets/a": null,
        node_modules: null,
        "y/node_modules/z": null,
        ".git/g": null,
        x: null,
      },
    });
    expect((await walkCuratorTree(path.join(home, "skills"), new WalkBudget())).skills.map((s) => [s.rel, s.name])).toEqual([
      ["mlops/inference/vllm", "serving-llms-vllm"],
      ["x", "x"],
    ]);
  });
});
