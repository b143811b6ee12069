import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "../base/time";
import { readSuppressedNames } from "../hermes/curator-suppressed";
import { readUsage } from "../hermes/usage-file";
import { tempDir } from "../testing/factories";
import { buildHermesHome, idleRecord, neverUsedRecord } from "../testing/hermes-home";
import { listArchived } from "./archive";
import { loadCuratorHome } from "./curator-home";
import { archiveSkill, restoreSkill } from "./moves";
import { setPin } from "./pin";
import { curatedReport } from "./provenance";
import { adoptSkill, pruneCandidates } from "./prune-adopt";
import { applyTransitions } from "./transitions";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const THRESHOLDS = "curator:\n  prune_builtins: false\n  stale_after_days: 14\n  archive_after_days: 30\n";
let tmp: ReturnType<typeof tempDir>;
let home: string;
beforeEach(() => {
  tmp = tempDir("jev-life-");
  home = path.join(tmp.dir, "home");
  fs.mkdirSync(home);
});
afterEach(() => tmp.cleanup());

const usage = () => readUsage(home).map;
const exists = (rel: string) => fs.existsSync(path.join(home, "skills", rel));
const run = async (now = NOW, options = {}) => applyTransitions(await loadCuratorHome(home, options), now);

describe("lifecycle transitions (curator checklist 22–31)", () => {
  it("22: idle 21 d → stale; idle 60 d → archived and moved; a stale skill used today → active", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { idle21: null, "cat/idle60": null, back: null },
      usage: { idle21: idleRecord(NOW, 21), idle60: idleRecord(NOW, 60), back: idleRecord(NOW, 0, { state: "stale" }) },
    });
    const { counts } = await run();
    expect(counts).toMatchObject({ marked_stale: 1, archived: 1, reactivated: 1, checked: 3 });
    expect(usage().idle21.state).toBe("stale");
    expect(usage().idle60).toMatchObject({ state: "archived", archived_at: "2026-09-10T12:00:00+00:00" });
    expect(exists(".archive/idle60/SKILL.md")).toBe(true);
    expect(exists("cat/idle60")).toBe(false);
    expect(usage().back.state).toBe("active");
  });

  it("23–24: pinned, and referenced by a paused, legacy or disabled cron job, survive; an unreferenced twin is archived", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { pinned: null, a: null, b: null, c: null, twin: null },
      usage: {
        pinned: idleRecord(NOW, 365, { pinned: true }),
        a: idleRecord(NOW, 200),
        b: idleRecord(NOW, 200),
        c: idleRecord(NOW, 200),
        twin: idleRecord(NOW, 200),
      },
      cronJobs: { jobs: [{ skills: ["a"], paused: true }, { skill: "/b" }, { skills: "c", enabled: false }] },
    });
    const { counts } = await run();
    expect(counts.archived).toBe(1);
    expect(listArchived((await loadCuratorHome(home)).skillsDir)).toEqual(["twin"]);
    for (const n of ["pinned", "a", "b", "c"]) expect(usage()[n].state).toBe("active");
  });

  it("25: never-used grace: created 10 d ago unchanged, 200 d ago archived, 5 d ago and stale → active", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { young: null, ancient: null, "young-stale": null },
      usage: { young: neverUsedRecord(NOW, 10), ancient: neverUsedRecord(NOW, 200), "young-stale": neverUsedRecord(NOW, 5, { state: "stale" }) },
    });
    const { counts } = await run();
    expect(usage().young.state).toBe("active");
    expect(usage().ancient.state).toBe("archived");
    expect(usage()["young-stale"].state).toBe("active");
    expect(counts).toMatchObject({ archived: 1, reactivated: 1 });
  });

  it("26: a view 2 days ago keeps a skill last used 60 days ago active", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { viewed: null },
      usage: { viewed: idleRecord(NOW, 60, { view_count: 1, last_viewed_at: new Date(NOW - 2 * DAY_MS).toISOString() }) },
    });
    await run();
    expect(usage().viewed.state).toBe("active");
    expect(exists("viewed")).toBe(true);
  });

  it("27–30: unmarked local skills are not checked; a bundled skill is seeded on first sight, re-anchored, then archived and suppressed (prune_builtins)", async () => {
    buildHermesHome(home, { configYaml: THRESHOLDS, skills: { hand: null, b: null }, bundled: ["b"] });
    expect((await run()).counts).toMatchObject({ checked: 0 });
    fs.writeFileSync(path.join(home, "config.yaml"), THRESHOLDS.replace("false", "true"));
    expect((await run()).counts).toMatchObject({ checked: 1, seeded: 1 });
    expect(usage().b).toBeDefined();
    // A bundled record with no activity and no first_seen_at is re-anchored, not archived.
    const second = await run(NOW + 31 * DAY_MS);
    expect(second.counts).toMatchObject({ seeded: 1, archived: 0 });
    expect(usage().b.first_seen_at).toBeDefined();
    const third = await run(NOW + 62 * DAY_MS);
    expect(third.counts.archived).toBe(1);
    expect(readSuppressedNames(home).has("b")).toBe(true);
    expect((await restoreSkill(await loadCuratorHome(home), "b", NOW + 63 * DAY_MS)).ok).toBe(true);
    expect(readSuppressedNames(home).has("b")).toBe(false);
  });

  it("31: a protected name is never archived, even bundled and idle 400 d; nor is a hub skill", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS.replace("false", "true"),
      skills: { plan: null, hubby: null },
      bundled: ["plan"],
      hub: { hubby: "hubby" },
      usage: { plan: idleRecord(NOW, 400), hubby: idleRecord(NOW, 400) },
    });
    expect((await run(NOW, { protectedNames: ["plan"] })).counts.archived).toBe(0);
    expect(exists("plan") && exists("hubby")).toBe(true);
  });
});

describe("archive, restore, pin (curator checklist 32–37)", () => {
  it("32: archiving skills/cat/foo gives .archive/foo; a second foo gives .archive/foo-<14 digits>", async () => {
    buildHermesHome(home, { skills: { "cat/foo": null }, usage: { foo: idleRecord(NOW, 1) } });
    expect((await archiveSkill(await loadCuratorHome(home), "foo", NOW)).message).toMatch(/archived to .*\.archive\/foo$/);
    buildHermesHome(home, { skills: { "other/foo": null } });
    expect((await archiveSkill(await loadCuratorHome(home), "foo", NOW)).message).toMatch(/\.archive\/foo-20260910120000$/);
  });

  it("33: archive refuses bundled (prune_builtins off), hub, external and missing skills, moving nothing", async () => {
    const ext = path.join(tmp.dir, "ext");
    buildHermesHome(home, {
      configYaml: `${THRESHOLDS}skills:\n  external_dirs: ["${ext}"]\n`,
      skills: { b: null, h: null },
      bundled: ["b"],
      hub: { h: "h" },
      external: { [ext]: { far: null } },
    });
    const h = await loadCuratorHome(home);
    expect((await archiveSkill(h, "b", NOW)).message).toBe("'b' is a bundled built-in; enable curator.prune_builtins to allow pruning it");
    expect((await archiveSkill(h, "h", NOW)).message).toBe("'h' is hub-installed; never archive");
    expect((await archiveSkill(h, "far", NOW)).message).toBe("'far' lives in skills.external_dirs; external skills are read-only to the curator");
    expect(await archiveSkill(h, "ghost", NOW)).toMatchObject({ ok: false, refusal: "not_found", message: "skill 'ghost' not found" });
    expect(exists(".archive")).toBe(false);
    expect(fs.existsSync(path.join(ext, "far"))).toBe(true);
  });

  it("34–35: restore round-trips, from nested and stamped folders, and never takes a longer name", async () => {
    buildHermesHome(home, {
      skills: { ".archive/cat/nested": null, ".archive/report-20260101000000": "report", ".archive/report-card": null, ".archive/git-helpers": null, x: null },
      usage: { nested: { state: "archived", archived_at: "2026-01-01T00:00:00+00:00", created_by: "agent" } },
    });
    const h = await loadCuratorHome(home);
    expect(await restoreSkill(h, "git", NOW)).toMatchObject({ ok: false, message: "'git' not found in archive" });
    expect((await restoreSkill(h, "report", NOW)).ok).toBe(true);
    expect(exists("report/SKILL.md") && exists(".archive/report-card")).toBe(true);
    expect((await restoreSkill(h, "nested", NOW)).message).toMatch(/restored to .*skills\/nested$/);
    expect(usage().nested).toMatchObject({ state: "active", archived_at: null });
  });

  it("36: restore refuses an existing destination, a name now hub, and one now bundled (prune_builtins off)", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { ".archive/taken": null, taken: null, ".archive/h": null, ".archive/b": null },
      bundled: ["b"],
      hub: { h: "productivity/h" },
    });
    const h = await loadCuratorHome(home);
    expect((await restoreSkill(h, "taken", NOW)).message).toMatch(/^destination already exists: /);
    expect((await restoreSkill(h, "h", NOW)).message).toBe("'h' is now hub-installed; restore would shadow the upstream version");
    expect((await restoreSkill(h, "b", NOW)).message).toBe("'b' is now bundled; restore would shadow the upstream version");
  });

  it("37: pin refuses bundled and hub; an unmanaged local skill is pinned with the adopt hint and joins the curated report", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { b: null, h: null, hand: null, mine: null },
      bundled: ["b"],
      hub: { h: "h" },
      usage: { mine: { created_by: "agent" } },
    });
    const h = await loadCuratorHome(home);
    expect((await setPin(h, "b", true, NOW)).ok).toBe(false);
    expect((await setPin(h, "h", true, NOW)).ok).toBe(false);
    expect((await setPin(h, "hand", true, NOW)).message).toMatch(/unmanaged; adopt it/);
    expect(curatedReport(await loadCuratorHome(home), NOW).map((r) => r.name)).toEqual(["hand", "mine"]);
    expect((await setPin(await loadCuratorHome(home), "mine", true, NOW)).message).toBe("pinned 'mine' (will bypass auto-transitions)");
    expect(usage().mine.pinned).toBe(true);
    expect((await setPin(await loadCuratorHome(home), "mine", false, NOW)).message).toBe("unpinned 'mine'");
  });

  it("a corrupt hub lock blocks archive, restore and pin", async () => {
    buildHermesHome(home, { skills: { a: null } });
    fs.mkdirSync(path.join(home, "skills/.hub"));
    fs.writeFileSync(path.join(home, "skills/.hub/lock.json"), "{");
    const h = await loadCuratorHome(home);
    for (const result of [await archiveSkill(h, "a", NOW), await restoreSkill(h, "a", NOW), await setPin(h, "a", true, NOW)]) {
      expect(result.message).toMatch(/hub lock unreadable/);
    }
    expect(exists("a")).toBe(true);
  });
});

describe("prune and adopt (curator checklist 38–39)", () => {
  it("38: prune lists unpinned, unarchived curated skills idle at least N days, most idle first", async () => {
    buildHermesHome(home, {
      configYaml: THRESHOLDS,
      skills: { a: null, b: null, c: null, d: null },
      usage: { a: idleRecord(NOW, 40), b: idleRecord(NOW, 90), c: idleRecord(NOW, 100, { pinned: true }), d: idleRecord(NOW, 5) },
    });
    expect(pruneCandidates(await loadCuratorHome(home), 30, NOW, new Set(["a"]))).toEqual([
      { name: "b", idleDays: 90, cron: false },
      { name: "a", idleDays: 40, cron: true },
    ]);
  });

  it("39: adopt refuses bundled, hub, external and protected skills; an adopted skill idle 60 d keeps its clock and the next run archives it", async () => {
    const ext = path.join(tmp.dir, "ext");
    buildHermesHome(home, {
      configYaml: `${THRESHOLDS}skills:\n  external_dirs: ["${ext}"]\n`,
      skills: { b: null, h: null, hand: null, plan: null },
      bundled: ["b"],
      hub: { h: "h" },
      external: { [ext]: { far: null } },
      usage: { hand: { created_by: "learn", use_count: 1, last_used_at: new Date(NOW - 60 * DAY_MS).toISOString(), state: "active" } },
    });
    const h = await loadCuratorHome(home, { protectedNames: ["plan"] });
    for (const name of ["b", "h", "far", "plan"]) expect((await adoptSkill(h, name, NOW)).ok).toBe(false);
    expect((await adoptSkill(h, "hand", NOW)).message).toBe("adopted 'hand' into curator management");
    expect(usage().hand).toMatchObject({ created_by: "agent", use_count: 1 });
    expect((await adoptSkill(await loadCuratorHome(home), "hand", NOW)).message).toMatch(/already curator-managed/);
    expect((await run()).counts.archived).toBe(1);
    expect(exists(".archive/hand")).toBe(true);
  });
});
