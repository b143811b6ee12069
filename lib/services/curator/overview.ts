import { curatorActionEvents } from "../../../db/queries/usage-events";
import { listArchived } from "../../curator/archive";
import { loadCuratorHome } from "../../curator/curator-home";
import { unmanagedList } from "../../curator/provenance";
import { listRunReports, type RunReportSummary } from "../../curator/run-report";
import { type CuratorStatus, curatorStatus } from "../../curator/status";
import { type PlannedTransition, planTransitions } from "../../curator/transitions";
import { type CuratorConfig, readHermesConfig } from "../../hermes/config-yaml";
import { type CuratorState, readCuratorState } from "../../hermes/curator-state";
import { formatPyTime, parsePyTime } from "../../hermes/py-time";
import { HOUR_MS } from "../../time";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, presentHome, requireHome } from "./home";

export type NextCuratorRun = { at: string } | { never: string };

export interface CuratorOverview {
  home: string;
  status: CuratorStatus;
  /** When the scheduler will run it next (ISO), or why it will not. */
  nextRun: NextCuratorRun;
  /** What a run now would do, skill by skill (the dry-run preview); changes first. */
  plan: PlannedTransition[];
  archived: string[];
  unmanaged: number;
  reports: RunReportSummary[];
  history: { id: number; skill: string; kind: string; at: number; detail: string | null }[];
}

/** When the scheduler will run the curator next, or why it will not. */
function nextRunOf(config: Pick<CuratorConfig, "enabled" | "intervalHours">, state: CuratorState, now: number): NextCuratorRun {
  const last = parsePyTime(state.last_run_at);
  if (!config.enabled) return { never: "disabled in config.yaml (curator.enabled)" };
  if (state.paused) return { never: "paused (.curator_state)" };
  if (last === null) return { never: "not scheduled yet: the first check defers the first run by one interval" };
  return { at: formatPyTime(Math.max(now, last + config.intervalHours * HOUR_MS)) };
}

/**
 * The Overview's curator tile: when the Hermes home's curator runs next;
 * null when there is no Hermes home. From config.yaml and .curator_state
 * alone: no walk of the skill tree on the Overview.
 */
export function curatorSchedule(ctx: ServiceCtx): { nextRun: NextCuratorRun; lastRunAt: string | null } | null {
  const home = presentHome(ctx.config);
  if (home === null) return null;
  const state = readCuratorState(home);
  return { nextRun: nextRunOf(readHermesConfig(home).curator, state, ctx.clock()), lastRunAt: state.last_run_at ?? null };
}

/** The Curator page: status, when it runs next, the preview of the next run, archived skills, past reports, and what the curator did. */
export async function curatorOverview(ctx: ServiceCtx): Promise<CuratorOverview> {
  const home = requireHome(ctx.config);
  const now = ctx.clock();
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config), "kept");
  const status = curatorStatus(h, now);
  const nextRun = nextRunOf(h.config, status.state, now);
  const plan = planTransitions(h, now).sort((a, b) => Number(a.step === "keep") - Number(b.step === "keep"));
  return {
    home,
    status,
    nextRun,
    plan,
    archived: listArchived(h.skillsDir),
    unmanaged: unmanagedList(h).length,
    reports: listRunReports(home),
    history: (await curatorActionEvents(ctx.db, home, 50)).map((e) => ({ id: e.id, skill: e.skill, kind: e.kind, at: e.at, detail: e.detail })),
  };
}
