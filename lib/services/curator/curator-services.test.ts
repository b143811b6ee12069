import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { insertCandidates } from "../../../db/queries/decision-candidates";
import { insertDecision } from "../../../db/queries/decisions";
import { insertSuggestion } from "../../../db/queries/suggestions";
import { curatorActionEvents, skillUsageEvents } from "../../../db/queries/usage-events";
import { DAY_MS } from "../../base/time";
import { readCuratorState } from "../../hermes/curator-state";
import { pythonJson } from "../../hermes/python-json";
import { readUsage, usagePaths } from "../../hermes/usage-file";
import { ctxAt, freshDb, tempDir, testConfig } from "../../testing/factories";
import { buildHermesHome, idleRecord } from "../../testing/hermes-home";
import { importHermes } from "../feedback/import-hermes";
import { skillDetail } from "../skills/detail";
import { listSkills } from "../skills/list";
import { bumpUsage } from "../usage/bump";
import { refreshUsageHistory } from "../usage/refresh-history";
import { curatorAction } from "./act";
import { curatorOverview } from "./overview";
import { runCuratorNow } from "./run";

const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let home: string;
const config = () => testConfig(tmp.dir, { HERMES_HOME: home });
beforeEach(() => {
  tmp = tempDir("jev-cur-svc-");
  db = freshDb(tmp.dir);
  home = path.join(tmp.dir, "hermes");
  fs.mkdirSync(home);
});
afterEach(() => tmp.cleanup());

describe("usage telemetry", () => {
  it("a bump writes Hermes's record under the lock and appends an event; the next scan does not count it again", async () => {
    buildHermesHome(home, { skills: { pdf: null } });
    const record = await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use" });
    expect(record).toMatchObject({ use_count: 1, last_used_at: "2026-09-10T12:00:00+00:00", state: "active" });
    expect(readUsage(home).map.pdf.use_count).toBe(1);
    expect((await refreshUsageHistory(ctxAt(db, config(), NOW), { home })).events).toBe(0);
    expect((await skillUsageEvents(db, home, "pdf")).map((e) => [e.kind, e.count, e.source])).toEqual([["use", 1, "curator"]]);
    await expect(bumpUsage(ctxAt(db, config(), NOW), { name: " ", kind: "use" })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("bumps that arrive together are written together, each answered with its own record, none lost", async () => {
    buildHermesHome(home, { skills: { a: null, b: null } });
    const records = await Promise.all(Array.from({ length: 60 }, (_, i) => bumpUsage(ctxAt(db, config(), NOW + i), { name: i % 2 ? "a" : "b", kind: "use" })));
    expect(readUsage(home).map.a.use_count).toBe(30);
    expect(readUsage(home).map.b.use_count).toBe(30);
    expect(records.filter((r) => r.use_count === 30)).toHaveLength(2); // the last of each skill saw 30
    expect(new Set(records.map((r) => `${r.use_count}:${r.last_used_at}`)).size).toBe(60);
    expect(await skillUsageEvents(db, home, "a", 1_000)).toHaveLength(30);
    expect((await refreshUsageHistory(ctxAt(db, config(), NOW), { home })).events).toBe(0);
  });

  it("Hermes's own counting becomes events at import, once; a counter that went down re-baselines without negative rows", async () => {
    buildHermesHome(home, { skills: {}, usage: { a: { use_count: 3, last_used_at: "2026-09-01T10:00:00+00:00", view_count: 2 } } });
    const first = await importHermes(ctxAt(db, config()), { home });
    expect(first.usage.events).toBe(2);
    expect((await importHermes(ctxAt(db, config()), { home })).usage.events).toBe(0);
    fs.writeFileSync(usagePaths(home).file, pythonJson({ a: { use_count: 5, last_used_at: "2026-09-05T10:00:00+00:00", view_count: 1 } }));
    expect((await refreshUsageHistory(ctxAt(db, config(), NOW), { home })).events).toBe(1);
    const events = (await skillUsageEvents(db, home, "a")).map((e) => [e.kind, e.count, e.kind === "use" ? new Date(e.at).toISOString() : "at import"]);
    expect(events.sort()).toEqual([
      ["use", 2, "2026-09-05T10:00:00.000Z"],
      ["use", 3, "2026-09-01T10:00:00.000Z"],
      ["view", 2, "at import"], // no last_viewed_at: counted when it was seen
    ]);
  });
});

describe("curator actions", () => {
  it("pin, archive (refused while pinned), restore; each done action is in the history", async () => {
    buildHermesHome(home, { skills: { mine: null }, usage: { mine: { created_by: "agent" } } });
    expect((await curatorAction(ctxAt(db, config(), NOW), { action: "pin", name: "mine" })).message).toBe("pinned 'mine' (will bypass auto-transitions)");
    await expect(curatorAction(ctxAt(db, config(), NOW), { action: "archive", name: "mine" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/is pinned/),
    });
    await curatorAction(ctxAt(db, config(), NOW), { action: "unpin", name: "mine" });
    expect((await curatorAction(ctxAt(db, config(), NOW), { action: "archive", name: "mine" })).message).toMatch(/archived to/);
    await expect(curatorAction(ctxAt(db, config(), NOW), { action: "archive", name: "mine" })).rejects.toMatchObject({ code: "not_found" });
    expect((await curatorAction(ctxAt(db, config(), NOW), { action: "restore", name: "mine" })).message).toMatch(/restored to/);
    expect((await curatorActionEvents(db, home)).map((e) => e.kind)).toEqual(["restore", "archive", "unpin", "pin"]);
  });

  it("a run archives what is due and records it; no home is a clear not-found", async () => {
    buildHermesHome(home, { skills: { old: null }, usage: { old: idleRecord(NOW, 120) } });
    const result = await curatorAction(ctxAt(db, config(), NOW), { action: "run", dryRun: false });
    expect(result.message).toBe("auto: 1 archived; llm: skipped (consolidation off)");
    expect((await curatorActionEvents(db, home)).map((e) => [e.skill, e.kind])).toEqual([["old", "archive"]]);
    fs.rmSync(home, { recursive: true });
    await expect(curatorAction(ctxAt(db, config(), NOW), { action: "run" })).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringMatching(/set HERMES_HOME/),
    });
  });

  it("a dry run says what a real run now would do, agreeing with the Curator page's plan; Hermes's own summary is kept", async () => {
    buildHermesHome(home, {
      skills: { old: null, idle: null, fresh: null },
      usage: { old: idleRecord(NOW, 120), idle: idleRecord(NOW, 45), fresh: idleRecord(NOW, 1) },
    });
    const overview = await curatorOverview(ctxAt(db, config(), NOW));
    expect(overview.plan.filter((p) => p.step !== "keep").map((p) => [p.name, p.step])).toEqual([
      ["idle", "mark_stale"],
      ["old", "archive"],
    ]);
    const result = await runCuratorNow(ctxAt(db, config(), NOW), { dryRun: true });
    expect(result.run.wouldChange).toEqual({ marked_stale: 1, archived: 1, reactivated: 0 });
    expect(result.message).toBe("dry-run auto: no changes; llm: skipped (consolidation off) (a real run now would give: 1 archived, 1 marked stale)");
    expect(readCuratorState(home).last_run_summary).toBe("dry-run auto: no changes; llm: skipped (consolidation off)");
    expect(fs.existsSync(path.join(home, "skills", "old"))).toBe(true);
  });

  it("a read-only home gives a clear error and changes nothing", async () => {
    if (process.getuid?.() === 0) return; // root writes through permission bits
    buildHermesHome(home, { skills: { mine: null }, usage: { mine: { created_by: "agent" } } });
    const before = fs.readFileSync(usagePaths(home).file);
    fs.chmodSync(path.join(home, "skills"), 0o555);
    try {
      await expect(curatorAction(ctxAt(db, config(), NOW), { action: "pin", name: "mine" })).rejects.toMatchObject({ code: "read_only" });
    } finally {
      fs.chmodSync(path.join(home, "skills"), 0o755);
    }
    expect(fs.readFileSync(usagePaths(home).file)).toEqual(before);
  });
});

describe("the skills list", () => {
  it("lists local, external and archived skills with provenance, state, 30 days of activity and the engine's counts", async () => {
    const ext = path.join(tmp.dir, "ext");
    buildHermesHome(home, {
      configYaml: `skills:\n  external_dirs: ["${ext}"]\n  disabled: [far]\n`,
      skills: { "cat/pdf": null, "bundled-one": null, ".archive/gone": null },
      bundled: ["bundled-one"],
      external: { [ext]: { far: null, pdf: null } },
      usage: { pdf: { created_by: "agent", use_count: 2, last_used_at: "2026-09-09T10:00:00+00:00" }, gone: { state: "archived", created_by: "agent" } },
    });
    await insertSuggestion(db, { decisionId: null, at: NOW - DAY_MS, sessionId: "s", skill: "pdf", reportsLoads: true });
    await bumpUsage(ctxAt(db, config(), NOW - 2 * DAY_MS), { name: "pdf", kind: "view" });
    // Rule 2 held pdf back three days ago, and 40 days ago (outside the 30 days).
    for (const at of [NOW - 3 * DAY_MS, NOW - 40 * DAY_MS]) {
      const id = await insertDecision(db, {
        at,
        day: "-",
        status: "ok",
        outcome: "suppressed",
        latencyMs: 1,
        requests: 1,
        catalogSize: 2,
        skillsReturned: 0,
        judge: "local",
        channel: "api",
      });
      await insertCandidates(db, id, at, [
        { name: "pdf", path: "/p", score: 0.9, match: 0.9, verdict: "suppressed", detail: null },
        { name: "far", path: "/f", score: 0.2, match: 0.1, verdict: "below_threshold", detail: null },
      ]);
    }
    // Reading the list writes nothing: what Hermes counted reaches the history through the scheduler's refresh.
    const before = await skillUsageEvents(db, home, "pdf");
    await listSkills(ctxAt(db, config(), NOW), {}).then((l) => l.skills);
    expect(await skillUsageEvents(db, home, "pdf")).toEqual(before);
    await refreshUsageHistory(ctxAt(db, config(), NOW));
    const rows = await listSkills(ctxAt(db, config(), NOW), {}).then((l) => l.skills);
    expect(rows.map((r) => [r.name, r.location, r.provenance, r.state])).toEqual([
      ["bundled-one", "local", "bundled", "active"],
      ["far", "external", "agent", "active"],
      ["gone", "archived", "agent", "archived"],
      ["pdf", "local", "agent", "active"],
    ]);
    const pdf = rows.find((r) => r.name === "pdf");
    expect(pdf).toMatchObject({ folder: "cat/pdf", managed: true, use_count: 2, view_count: 1, suggested: 1, suppressed: 1 });
    expect(rows.find((r) => r.name === "far")).toMatchObject({ suppressed: 0, disabled: true });
    expect(pdf?.disabled).toBe(false);
    const detail = await skillDetail(ctxAt(db, config(), NOW), { name: "pdf" });
    expect(detail.days.map((d) => d.suppressed)).toContain(1);
    expect(detail.days.reduce((n, d) => n + d.suppressed, 0)).toBe(2); // the detail shows 90 days
    expect(pdf?.uses?.reduce((a, b) => a + b)).toBe(2); // imported from Hermes's counter at its last_used_at
    expect(pdf?.views?.[27]).toBe(1); // two days ago
    expect((await listSkills(ctxAt(db, config(), NOW), { location: "archived" }).then((l) => l.skills)).map((r) => r.name)).toEqual(["gone"]);
    expect((await listSkills(ctxAt(db, config(), NOW), { sort: "activity" }).then((l) => l.skills))[0].name).toBe("pdf");
  });
});
