import fs from "node:fs";
import path from "node:path";
import { JevError } from "../base/errors";
import { HOUR_MS } from "../base/time";
import { readSmallTextSync } from "../fs/regular-file";
import { readCuratorState, updateCuratorState } from "../hermes/curator-state";
import { formatPyTime, parsePyTime } from "../hermes/py-time";
import { latestActivityAt } from "../hermes/usage-record";
import { candidateList, candidateRows } from "./candidates";
import { type Consolidator, consolidationPrompt } from "./consolidation";
import { type CuratorHome, type CuratorHomeOptions, loadCuratorHome } from "./curator-home";
import { curatedReport } from "./provenance";
import { type RunReportInput, writeRunReport } from "./run-report";
import { applyTransitions, planTransitions, type StateChange, type TransitionCounts } from "./transitions";

export const DEFERRED_FIRST_RUN = "deferred first run — curator seeded, will run after one interval; use `hermes curator run --dry-run` to preview now";
/** A run claim older than this is taken over (its process is gone). */
const CLAIM_STALE_MS = 3_600_000;
const CONSOLIDATION_INSTRUCTIONS =
  "Review these agent-created skills. Merge narrow ones into umbrella skills and prune dead ones; never touch bundled, hub, external, protected or pinned skills, never delete (archive at most), never prune a cron=yes skill. End with the heading `## Structured summary (required)` and a fenced YAML block of `consolidations` and `prunings`.";

/**
 * jev's own consolidation pass, as a run is given it (lib/services/curator: plans from the remote judge, applied by
 * jev). A dry run plans and writes nothing. Its summary is the run's `llm:` part; a throw is an `llm: error (…)`.
 */
export interface ConsolidationPass {
  run(
    h: CuratorHome,
    options: { dryRun: boolean; now: number },
  ): Promise<{ summary: string; report?: RunReportInput["consolidation"]; renameSummary?: string }>;
}

/** Why a run that should consolidate did not: said in its summary, never a failed run. */
export const NO_CONSOLIDATION_JUDGE = "skipped (no remote judge: set JEV_JUDGE=openai and JEV_JUDGE_URL to let jev consolidate)";

export interface CuratorRunResult {
  summary: string;
  counts: TransitionCounts;
  changes: StateChange[];
  reportPath: string | null;
  dryRun: boolean;
  /**
   * A dry run only: what a real run now would do (the Curator page's plan, the same function).
   * Hermes's dry run skips the automatic transitions, so its summary says "no changes" either way.
   */
  wouldChange?: Pick<TransitionCounts, "marked_stale" | "archived" | "reactivated">;
  startedAt: string;
  durationSeconds: number;
  /** What the consolidation pass did, when it ran and changed something (the service writes each to the history). */
  consolidation?: RunReportInput["consolidation"];
}

/** The counts a real run now would give, from the plan. */
function plannedCounts(h: CuratorHome, now: number): NonNullable<CuratorRunResult["wouldChange"]> {
  const steps = planTransitions(h, now).map((p) => p.step);
  const count = (step: string) => steps.filter((s) => s === step).length;
  return { marked_stale: count("mark_stale"), archived: count("archive"), reactivated: count("reactivate") };
}

export class CuratorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CuratorRefusal";
  }
}

/** §7.2: should an automatic run happen now? The first call on an empty state defers the first run by one interval. */
export async function shouldRunNow(h: CuratorHome, now: number): Promise<boolean> {
  const state = readCuratorState(h.home);
  if (!h.config.enabled || state.paused) return false;
  const last = parsePyTime(state.last_run_at);
  if (last === null) {
    await updateCuratorState(h.home, { last_run_at: formatPyTime(now), last_run_summary: DEFERRED_FIRST_RUN });
    return false;
  }
  return now - last >= h.config.intervalHours * HOUR_MS;
}

const claimFile = (home: string) => path.join(home, "skills", ".locks", "curator-run");

/** Whether the claim names a process that is gone (on this machine): its claim holds nothing, whatever its age. */
function claimantGone(file: string): boolean {
  const pid = Number((readSmallTextSync(file, 64) ?? "").trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH"; // EPERM: alive, another user's
  }
}

/**
 * §7.3 run claim: exclusive create with our PID; a claim over an hour old is taken over, and so is one whose process
 * is gone (a run killed halfway held apply and undo for an hour). Returns a release, or null when another run holds it.
 */
export function claimRun(home: string, now: number): (() => void) | null {
  const file = claimFile(home);
  try {
    const locks = path.dirname(file);
    fs.mkdirSync(/*turbopackIgnore: true*/ locks, { recursive: true });
  } catch {
    return () => {}; // .locks cannot be created: run anyway
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(/*turbopackIgnore: true*/ file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") return () => {};
      const st = fs.statSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
      if (st && now - st.mtimeMs <= CLAIM_STALE_MS && !claimantGone(file)) return null;
      fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
    }
  }
  return null;
}

/**
 * §7.4: one curator run. A dry run counts the curated report and changes
 * nothing but its own summary and report; a real run applies the transitions
 * and advances the schedule. Consolidation runs only when configured (or
 * forced) and a pass is given.
 */
export async function runCurator(
  home: string,
  options: {
    dryRun?: boolean;
    consolidate?: boolean;
    now?: number;
    clock?: () => number;
    /** jev's pass, preferred; else the spec's text extension point (§8.5). */
    pass?: ConsolidationPass;
    consolidator?: Consolidator;
    homeOptions?: CuratorHomeOptions;
  } = {},
): Promise<CuratorRunResult> {
  const clock = options.clock ?? Date.now;
  const start = options.now ?? clock();
  const dryRun = options.dryRun ?? false;
  const h = await loadCuratorHome(home, options.homeOptions);
  if (!h.config.enabled) throw new CuratorRefusal("disabled via config; enable with `curator.enabled: true`");
  if (h.hub.unreadable) throw new CuratorRefusal("hub lock unreadable (skills/.hub/lock.json): fix or remove it before running the curator");
  const release = claimRun(home, start);
  if (!release) throw new CuratorRefusal("another curator run is in progress (skills/.locks/curator-run)");
  try {
    let counts: TransitionCounts = { marked_stale: 0, archived: 0, reactivated: 0, checked: curatedReport(h, start).length, seeded: 0 };
    let changes: StateChange[] = [];
    if (!dryRun) ({ counts, changes } = await applyTransitions(h, start));
    const parts = [
      counts.marked_stale && `${counts.marked_stale} marked stale`,
      counts.archived && `${counts.archived} archived`,
      counts.reactivated && `${counts.reactivated} reactivated`,
    ].filter(Boolean);
    const auto = `${dryRun ? "dry-run auto: " : "auto: "}${parts.length ? parts.join(", ") : "no changes"}`;
    const state = readCuratorState(home);
    await updateCuratorState(home, { last_run_summary: auto, ...(dryRun ? {} : { last_run_at: formatPyTime(start), run_count: state.run_count + 1 }) });

    const after = await loadCuratorHome(home, options.homeOptions);
    const before = curatedReport(after, start).length;
    let llmSummary = "skipped (consolidation off)";
    let llmFinal = "";
    let llmError: string | null = null;
    let consolidation: RunReportInput["consolidation"];
    let renames = "";
    // Hermes's before/after counts diff the curated report across the consolidation phase only.
    const countAfter = () => (consolidation ? loadCuratorHome(home, options.homeOptions).then((x) => curatedReport(x, start).length) : before);
    if (options.consolidate ?? h.config.consolidate) {
      if (candidateRows(after, start).length === 0) llmSummary = "skipped (no candidates)";
      else if (options.pass) {
        try {
          const done = await options.pass.run(after, { dryRun, now: start });
          llmSummary = done.summary;
          consolidation = done.report;
          renames = done.renameSummary ?? "";
        } catch (err) {
          // Only jev's own refusals say what went wrong; anything else is named, not quoted.
          llmError = err instanceof JevError ? err.message.slice(0, 200) : "the consolidation pass failed";
          llmSummary = `error (${llmError})`;
        }
      } else if (!options.consolidator) llmSummary = NO_CONSOLIDATION_JUDGE;
      else {
        try {
          llmFinal = await options.consolidator.consolidate(consolidationPrompt(CONSOLIDATION_INSTRUCTIONS, candidateList(after, start), dryRun), { dryRun });
          llmSummary = "done";
        } catch (err) {
          llmError = err instanceof Error ? err.message.slice(0, 200) : "failed";
          llmSummary = `error (${llmError})`;
        }
      }
    }
    const summary = [`${auto}; llm: ${llmSummary}`, renames].filter(Boolean).join("\n");
    const durationSeconds = (clock() - start) / 1000;
    const startedAt = formatPyTime(start);
    const reportPath = writeRunReport(home, {
      startedAt,
      startMs: start,
      durationSeconds,
      counts,
      before,
      after: await countAfter(),
      stateTransitions: changes,
      llmSummary,
      llmFinal,
      llmError,
      summary,
      dryRun,
      consolidation,
    });
    await updateCuratorState(home, { last_run_duration_seconds: durationSeconds, last_run_summary: summary, last_report_path: reportPath });
    const wouldChange = dryRun ? plannedCounts(h, start) : undefined;
    return {
      summary,
      counts,
      changes,
      reportPath,
      dryRun,
      ...(wouldChange ? { wouldChange } : {}),
      ...(consolidation ? { consolidation } : {}),
      startedAt,
      durationSeconds,
    };
  } finally {
    release();
  }
}

/** §7.3: the background trigger. Never throws; null when it did not run. */
export async function maybeRun(
  home: string,
  options: { now?: number; idleSeconds?: number; homeOptions?: CuratorHomeOptions; pass?: ConsolidationPass } = {},
): Promise<CuratorRunResult | null> {
  try {
    const now = options.now ?? Date.now();
    const h = await loadCuratorHome(home, options.homeOptions);
    if (!(await shouldRunNow(h, now))) return null;
    const idle = options.idleSeconds ?? idleSecondsOf(h, now);
    if (idle !== null && idle < h.config.minIdleHours * 3600) return null;
    return await runCurator(home, { now, homeOptions: options.homeOptions, pass: options.pass });
  } catch {
    return null;
  }
}

/** Seconds since the newest use/view/patch in `.usage.json`, or null when there is none. */
export function idleSecondsOf(h: CuratorHome, now: number): number | null {
  let newest: number | null = null;
  for (const record of Object.values(h.usage)) {
    const at = parsePyTime(latestActivityAt(record));
    if (at !== null && (newest === null || at > newest)) newest = at;
  }
  return newest === null ? null : (now - newest) / 1000;
}
