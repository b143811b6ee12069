import type { Db } from "../../../../db/client";
import { deleteUsageEvent, insertUsageEventReturningId, setUsageEventDetail } from "../../../../db/queries/usage-events";
import { type AppliedConsolidation, applyChange, ConsolidationRefusal, checkChange, intendedConsolidation } from "../../../curator/consolidation-apply";
import { planChanges } from "../../../curator/consolidation-changes";
import { checkAnswer, planFactsOf } from "../../../curator/consolidation-plan";
import type { ConsolidationPreview } from "../../../curator/consolidation-preview";
import type { CuratorHome } from "../../../curator/curator-home";
import type { ConsolidatedEntry } from "../../../curator/run-report";
import type { CronRewriteReport } from "../../../hermes/cron-rewrite";
import { curatorEvent, type RunTrigger } from "./history";

/** How a run.json `consolidated` entry says where its `into` came from (Hermes names its own sources the same way). */
export const CONSOLIDATED_SOURCE = "jev plan (proposed by the remote judge, applied by jev)";

/**
 * Why a saved preview no longer describes the home, or null when applying it now writes exactly what it showed:
 * its plans still keep every rule against the home as it is, and composing them again gives the same changes.
 */
export function previewProblem(h: CuratorHome, preview: ConsolidationPreview): string | null {
  if (preview.home !== h.home) return `the preview is of ${preview.home}, not ${h.home}`;
  const checked = checkAnswer({ plans: preview.plans }, preview.clusters, planFactsOf(h));
  if (checked.refused.length) return checked.refused[0].reason;
  const again = planChanges(h, checked.plans);
  if (again.refused.length) return again.refused[0].reason;
  for (const shown of preview.changes) {
    const now = again.changes.find((c) => c.cluster === shown.cluster);
    const same =
      now && JSON.stringify({ ...now, umbrella: { ...now.umbrella, diff: "" } }) === JSON.stringify({ ...shown, umbrella: { ...shown.umbrella, diff: "" } });
    if (!same) return `'${shown.umbrella.name}' or the skills it absorbs, or the cron jobs naming them, changed since the preview`;
  }
  return null;
}

export interface CarriedOut {
  applied: AppliedConsolidation[];
  /** The run report's consolidation part, in Hermes's shapes. */
  report: { consolidated: ConsolidatedEntry[]; added: string[]; cron: CronRewriteReport };
  /** Hermes's rename map (agent/curator.py _build_rename_summary): appended to the run's summary. */
  renameSummary: string;
}

/** Apply every change of a preview the caller has checked, one after another, each a history row. */
export async function carryOutPreview(db: Db, h: CuratorHome, preview: ConsolidationPreview, now: number, by: RunTrigger | "apply"): Promise<CarriedOut> {
  const applied: AppliedConsolidation[] = [];
  for (const change of preview.changes) {
    const plan = preview.plans.find((p) => p.cluster === change.cluster);
    if (!plan) continue;
    checkChange(h, change);
    // The row holding the undo is written before the first change: an apply that dies halfway can still be undone.
    const row = await insertUsageEventReturningId(
      db,
      curatorEvent(h.home, change.umbrella.name, "consolidate", now, { ...intendedConsolidation(change, plan), by }),
    );
    let done: AppliedConsolidation;
    try {
      done = await applyChange(h, change, plan, now);
    } catch (err) {
      // A refusal changed nothing (it comes before the first write): no consolidation to list or undo.
      if (err instanceof ConsolidationRefusal) await deleteUsageEvent(db, row);
      throw err;
    }
    applied.push(done);
    await setUsageEventDetail(db, row, JSON.stringify({ ...done, by }));
  }
  const consolidated = applied.flatMap((a) =>
    a.absorbed.filter((s) => s.archivedTo).map((s) => ({ name: s.name, into: a.umbrella, source: CONSOLIDATED_SOURCE, reason: a.reason })),
  );
  const rewrites = applied.flatMap((a) => a.cron);
  return {
    applied,
    report: {
      consolidated,
      added: applied.filter((a) => a.created).map((a) => a.umbrella),
      cron: { rewrites, jobs_updated: rewrites.length, jobs_scanned: Math.max(0, ...applied.map((a) => a.cronScanned)) },
    },
    renameSummary: renameSummary(consolidated),
  };
}

/** "archived N skill(s):", up to 10 "• name → umbrella" lines, and the pointers Hermes adds; "" when nothing moved. */
function renameSummary(consolidated: ConsolidatedEntry[]): string {
  if (!consolidated.length) return "";
  const lines = [`archived ${consolidated.length} skill(s):`, ...consolidated.slice(0, 10).map((c) => `  • ${c.name} → ${c.into}`)];
  if (consolidated.length > 10) lines.push(`  … and ${consolidated.length - 10} more`);
  lines.push("full report: hermes curator status", `keep an umbrella stable: hermes curator pin ${[...new Set(consolidated.map((c) => c.into))].sort()[0]}`);
  return lines.join("\n");
}
