import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOUR_MS } from "../base/time";
import { curatorStateFile, readCuratorState } from "../hermes/curator-state";
import { pythonJson } from "../hermes/python-json";
import { readUsage } from "../hermes/usage-file";
import { tempDir } from "../testing/factories";
import { buildHermesHome, idleRecord } from "../testing/hermes-home";
import { candidateList } from "./candidates";
import { DRY_RUN_BANNER, parseStructuredSummary } from "./consolidation";
import { loadCuratorHome } from "./curator-home";
import { DEFERRED_FIRST_RUN, maybeRun, runCurator, shouldRunNow } from "./run-curator";

const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let home: string;
beforeEach(() => {
  tmp = tempDir("jev-run-");
  home = path.join(tmp.dir, "home");
  fs.mkdirSync(home);
});
afterEach(() => tmp.cleanup());

const idleHome = () =>
  buildHermesHome(home, {
    configYaml: "curator:\n  prune_builtins: false\n",
    skills: { old: null, fresh: null },
    usage: { old: idleRecord(NOW, 120), fresh: idleRecord(NOW, 1) }, // idle past 90 d: archived under any release's thresholds
  });

describe("scheduling (curator checklist 40–42)", () => {
  it("40–41: the first gate defers and seeds last_run_at; then false an hour after a run, true after two intervals, false when paused", async () => {
    idleHome();
    const h = await loadCuratorHome(home);
    expect(await shouldRunNow(h, NOW)).toBe(false);
    expect(readCuratorState(home)).toMatchObject({ last_run_at: "2026-09-10T12:00:00+00:00", last_run_summary: DEFERRED_FIRST_RUN });
    expect(await shouldRunNow(h, NOW)).toBe(false);
    expect(await shouldRunNow(h, NOW + HOUR_MS)).toBe(false);
    expect(await shouldRunNow(h, NOW + 2 * 168 * HOUR_MS)).toBe(true);
    fs.writeFileSync(curatorStateFile(home), pythonJson({ ...readCuratorState(home), paused: true }));
    expect(await shouldRunNow(h, NOW + 2 * 168 * HOUR_MS)).toBe(false);
  });

  it("41–42: maybeRun respects the idle gate and a fresh claim, takes over a stale claim, and removes its own", async () => {
    idleHome();
    fs.mkdirSync(path.join(home, "skills"), { recursive: true });
    fs.writeFileSync(curatorStateFile(home), pythonJson({ last_run_at: "2026-01-01T00:00:00+00:00" }));
    expect(await maybeRun(home, { now: NOW, idleSeconds: 60 })).toBeNull(); // idle under 2 h
    const claim = path.join(home, "skills/.locks/curator-run");
    fs.mkdirSync(path.dirname(claim), { recursive: true });
    fs.writeFileSync(claim, String(process.pid)); // a live process (this one): a claim of a gone one is taken over
    expect(await maybeRun(home, { now: NOW, idleSeconds: 999_999 })).toBeNull(); // a fresh claim held elsewhere
    fs.utimesSync(claim, new Date(NOW - 2 * HOUR_MS), new Date(NOW - 2 * HOUR_MS));
    const ran = await maybeRun(home, { now: NOW, idleSeconds: 999_999 });
    expect(ran?.counts.archived).toBe(1);
    expect(fs.existsSync(claim)).toBe(false);
  });
});

describe("runs and reports (curator checklist 43–46)", () => {
  it("43: a real run advances the schedule, stores the summary, and writes run.json and REPORT.md (-2 for a second in the same second)", async () => {
    idleHome();
    const first = await runCurator(home, { now: NOW, clock: () => NOW });
    expect(first.summary).toBe("auto: 1 archived; llm: skipped (consolidation off)");
    const state = readCuratorState(home);
    expect(state).toMatchObject({ last_run_at: "2026-09-10T12:00:00+00:00", run_count: 1, last_run_summary: first.summary, last_run_duration_seconds: 0 });
    expect(state.last_report_path).toBe(path.join(home, "logs/curator/20260910-120000"));
    const runJson = JSON.parse(fs.readFileSync(path.join(state.last_report_path as string, "run.json"), "utf8"));
    expect(Object.keys(runJson).slice(0, 6)).toEqual(["started_at", "duration_seconds", "model", "provider", "auto_transitions", "counts"]);
    expect(runJson.auto_transitions).toEqual({ marked_stale: 0, archived: 1, reactivated: 0, checked: 2, seeded: 0 });
    expect(fs.readFileSync(path.join(state.last_report_path as string, "REPORT.md"), "utf8")).toContain("restore");
    const second = await runCurator(home, { now: NOW, clock: () => NOW });
    expect(second.reportPath).toBe(path.join(home, "logs/curator/20260910-120000-2"));
    expect(readCuratorState(home).run_count).toBe(2);
  });

  it("44: a dry run changes no skill and leaves last_run_at and run_count alone, byte for byte", async () => {
    idleHome();
    fs.writeFileSync(curatorStateFile(home), pythonJson({ last_run_at: "2026-01-01T00:00:00+00:00", run_count: 3 }));
    const usageBefore = fs.readFileSync(path.join(home, "skills/.usage.json"));
    const result = await runCurator(home, { dryRun: true, now: NOW });
    expect(result.summary).toBe("dry-run auto: no changes; llm: skipped (consolidation off)");
    expect(result.counts.checked).toBe(2);
    expect(fs.readFileSync(path.join(home, "skills/.usage.json"))).toEqual(usageBefore);
    expect(fs.existsSync(path.join(home, "skills/old"))).toBe(true);
    expect(readCuratorState(home)).toMatchObject({ last_run_at: "2026-01-01T00:00:00+00:00", run_count: 3 });
    expect(fs.existsSync(path.join(result.reportPath as string, "run.json"))).toBe(true);
  });

  it("45: a corrupt .curator_state loads as defaults, the run goes on, and the file is valid after; unknown keys go, _keys stay", async () => {
    idleHome();
    fs.writeFileSync(curatorStateFile(home), "{corrupt");
    await runCurator(home, { now: NOW });
    expect(JSON.parse(fs.readFileSync(curatorStateFile(home), "utf8")).run_count).toBe(1);
    fs.writeFileSync(curatorStateFile(home), JSON.stringify({ run_count: 1, junk: 1, _mine: "kept" }));
    await runCurator(home, { now: NOW + 1_000 });
    const state = JSON.parse(fs.readFileSync(curatorStateFile(home), "utf8"));
    expect(state).toMatchObject({ run_count: 2, _mine: "kept" });
    expect(state).not.toHaveProperty("junk");
    expect(fs.readFileSync(curatorStateFile(home), "utf8").endsWith("}")).toBe(true);
  });

  it("46: the candidate list's exact format; cron=yes only for referenced skills; bundled and disabled names left out", async () => {
    buildHermesHome(home, {
      configYaml: "curator:\n  prune_builtins: true\nskills:\n  disabled: [off]\n",
      skills: { a: null, b: null, off: null, bun: null },
      bundled: ["bun"],
      usage: { a: idleRecord(NOW, 3), b: { created_by: "agent", use_count: 0, created_at: "2026-09-01T00:00:00+00:00" }, off: { created_by: "agent" } },
      cronJobs: [{ skills: ["b"] }],
    });
    const at = new Date(NOW - 3 * 86_400_000).toISOString().replace("Z", "").replace(".000", "");
    expect(candidateList(await loadCuratorHome(home), NOW)).toBe(
      [
        "Agent-created skills (2):",
        "",
        `- a  provenance=agent  state=active  pinned=no  cron=no  activity=1  use=1  view=0  patches=0  last_activity=${at}+00:00`,
        "- b  provenance=agent  state=active  pinned=no  cron=yes  activity=0  use=0  view=0  patches=0  last_activity=never",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(home, "skills/.usage.json"), "{}");
    expect(candidateList(await loadCuratorHome(home), NOW)).toBe("No agent-created skills to review.");
  });
});

describe("consolidation extension point (curator checklist 47–48)", () => {
  it("47: runs only when enabled; a dry run puts the banner first; no candidates are reported as such", async () => {
    buildHermesHome(home, { configYaml: "curator:\n  consolidate: true\n", skills: { a: null }, usage: { a: idleRecord(NOW, 1) } });
    const prompts: string[] = [];
    const consolidator = {
      consolidate: async (prompt: string) => {
        prompts.push(prompt);
        return "## Structured summary (required)\n```yaml\nconsolidations: []\nprunings: []\n```";
      },
    };
    const dry = await runCurator(home, { dryRun: true, now: NOW, consolidator });
    expect(prompts[0].startsWith(DRY_RUN_BANNER)).toBe(true);
    expect(dry.summary).toBe("dry-run auto: no changes; llm: done");
    fs.writeFileSync(path.join(home, "config.yaml"), "curator:\n  consolidate: false\n");
    expect((await runCurator(home, { now: NOW, consolidator })).summary).toMatch(/llm: skipped \(consolidation off\)$/);
    fs.writeFileSync(path.join(home, "skills/.usage.json"), "{}");
    expect((await runCurator(home, { now: NOW, consolidate: true, consolidator })).summary).toMatch(/llm: skipped \(no candidates\)$/);
  });

  it("48: the summary parser takes the first yaml/YML fence, drops incomplete entries, and gives empty lists for anything malformed", async () => {
    const out =
      "text\n```YML\nconsolidations:\n  - from: a\n    into: b\n    reason: ' merged '\n  - from: c\nprunings:\n  - name: d\n```\n```yaml\nprunings: [{name: e}]\n```";
    expect(parseStructuredSummary(out)).toEqual({ consolidations: [{ from: "a", into: "b", reason: "merged" }], prunings: [{ name: "d", reason: "" }] });
    expect(parseStructuredSummary("```yaml\n- a\n- b\n```")).toEqual({ consolidations: [], prunings: [] });
    expect(parseStructuredSummary("no fence")).toEqual({ consolidations: [], prunings: [] });
    expect(parseStructuredSummary("```yaml\nconsolidations: []\nprunings:\n  - name: x\n    reason: old\n```")).toEqual({
      consolidations: [],
      prunings: [{ name: "x", reason: "old" }],
    });
    expect(readUsage(home).map).toEqual({});
  });
});
