import { curatorActionEvents } from "../../../db/queries/usage-events";
import { listArchived } from "../../curator/archive";
import { loadCuratorHome } from "../../curator/curator-home";
import { unmanagedList } from "../../curator/provenance";
import { listRunReports, type RunReportSummary } from "../../curator/run-report";
import { type CuratorStatus, curatorStatus } from "../../curator/status";
import { type PlannedTransition, planTransitions } from "../../curator/transitions";
import { formatPyTime, parsePyTime } from "../../hermes/py-time";
import { HOUR_MS } from "../../time";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";

export interface CuratorOverview {
  home: string;
  status: CuratorStatus;
  /** When the scheduler will run it next (ISO), or why it will not. */
  nextRun: { at: string } | { never: string };
  /** What a run now would do, skill by skill (the dry-run preview); changes first. */
  plan: PlannedTransition[];
  archived: string[];
  unmanaged: number;
  reports: RunReportSummary[];
  history: { id: number; skill: string; kind: string; at: number; detail: string | null }[];
}

/** The Curator page: status, when it runs next, the preview of the next run, archived skills, past reports, and what the curator did. */
export async function curatorOverview(ctx: ServiceCtx): Promise<CuratorOverview> {
  const home = requireHome(ctx.config);
  const now = ctx.clock();
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
  const status = curatorStatus(h, now);
  const last = parsePyTime(status.state.last_run_at);
  const nextRun = !h.config.enabled
    ? { never: "disabled in config.yaml (curator.enabled)" }
    : status.state.paused
      ? { never: "paused (.curator_state)" }
      : last === null
        ? { never: "not scheduled yet: the first check defers the first run by one interval" }
        : { at: formatPyTime(Math.max(now, last + h.config.intervalHours * HOUR_MS)) };
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
