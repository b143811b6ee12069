import { curatorActionEvents } from "../../../db/queries/usage-events";
import { listArchived } from "../../curator/archive";
import { loadCuratorHome } from "../../curator/curator-home";
import { type NextCuratorRun, newestActivity, nextCuratorRun } from "../../curator/next-run";
import { unmanagedList } from "../../curator/provenance";
import { listRunReports, type RunReportSummary } from "../../curator/run-report";
import { type CuratorStatus, curatorStatus } from "../../curator/status";
import { type PlannedTransition, planTransitions } from "../../curator/transitions";
import { readHermesConfig } from "../../hermes/config-yaml";
import { readCuratorState } from "../../hermes/curator-state";
import { readUsage } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, presentHome, requireHome } from "./home";
import { nextCuratorCheck } from "./internal/next-check";

export type { NextCuratorRun };

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

/**
 * The Overview's curator tile: when the Hermes home's curator runs next;
 * null when there is no Hermes home. From config.yaml and .curator_state
 * alone: no walk of the skill tree on the Overview.
 */
export function curatorSchedule(ctx: ServiceCtx): { nextRun: NextCuratorRun; lastRunAt: string | null } | null {
  const home = presentHome(ctx.config);
  if (home === null) return null;
  const state = readCuratorState(home);
  const nextRun = nextCuratorRun(readHermesConfig(home).curator, state, ctx.clock(), {
    newestActivity: newestActivity(Object.values(readUsage(home).map)),
    nextCheck: nextCuratorCheck(),
  });
  return { nextRun, lastRunAt: state.last_run_at ?? null };
}

/** The Curator page: status, when it runs next, the preview of the next run, archived skills, past reports, and what the curator did. */
export async function curatorOverview(ctx: ServiceCtx): Promise<CuratorOverview> {
  const home = requireHome(ctx.config);
  const now = ctx.clock();
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config), "kept");
  const status = curatorStatus(h, now);
  const nextRun = nextCuratorRun(h.config, status.state, now, { newestActivity: newestActivity(Object.values(h.usage)), nextCheck: nextCuratorCheck() });
  const plan = planTransitions(h, now).sort((a, b) => Number(a.step === "keep") - Number(b.step === "keep"));
  return {
    home,
    status,
    nextRun,
    plan,
    archived: listArchived(h.skillsDir),
    unmanaged: unmanagedList(h).length,
    reports: listRunReports(home),
    // A consolidation's row holds its undo (whole SKILL.md texts): the page lists consolidations apart, so it is left out here.
    history: (await curatorActionEvents(ctx.db, home, 50)).map((e) => ({
      id: e.id,
      skill: e.skill,
      kind: e.kind,
      at: e.at,
      detail: e.kind === "consolidate" || e.kind === "unconsolidate" ? null : e.detail,
    })),
  };
}

/**
 * What the start banner says about the curator, so a user who pointed jev at
 * a Hermes home only for suggestions knows before anything moves: that jev
 * runs it, when, what idle means, what a run now would do, how to pause it.
 * Null when there is no Hermes home.
 */
export async function curatorStartNotice(ctx: Pick<ServiceCtx, "config" | "clock">): Promise<string | null> {
  const home = presentHome(ctx.config);
  if (home === null) return null;
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config), "kept");
  const state = readCuratorState(home);
  const now = ctx.clock();
  // The scheduler's first check is 90 s after the server starts, which is about now.
  const next = nextCuratorRun(h.config, state, now, { newestActivity: newestActivity(Object.values(h.usage)), nextCheck: now + 90_000 });
  if ("never" in next) return `jev: curator: not run on ${home} (${next.never})`;
  const plan = planTransitions(h, now);
  const count = (step: PlannedTransition["step"]) => plan.filter((p) => p.step === step).length;
  const wouldDo = [count("archive") && `archive ${count("archive")}`, count("mark_stale") && `mark ${count("mark_stale")} stale`].filter(Boolean).join(", ");
  return [
    `jev: curator: jev runs Hermes's curator on ${home} by itself, as Hermes would (curator.enabled in its config.yaml).`,
    `     Next check ${next.at.slice(0, 16).replace("T", " ")} UTC: ${next.why}. Idle skills go stale after ${h.config.staleAfterDays} d unused and are archived`,
    `     (moved to skills/.archive) after ${h.config.archiveAfterDays} d; a run now would ${wouldDo || "change nothing"}. Pause: npx jev curator pause, or the Curator page.`,
  ].join("\n");
}
