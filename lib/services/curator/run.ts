import { JevError } from "../../base/errors";
import { type ConsolidationPass, CuratorRefusal, type CuratorRunResult, maybeRun, runCurator } from "../../curator/run-curator";
import { homeWriteError } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { planConsolidation, planningJudge } from "./consolidate";
import { homeOptionsOf, presentHome, requireHome } from "./home";
import { carryOutPreview } from "./internal/carry-out";
import { type RunTrigger, recordRun } from "./internal/history";

/**
 * The consolidation pass a run is given when a remote judge is configured (Hermes's `curator.consolidate`): the
 * judge's checked plans applied at once, as Hermes's own pass applies its model's; a dry run only plans. None without one.
 */
function consolidationPass(ctx: ServiceCtx, by: RunTrigger): ConsolidationPass | undefined {
  const remote = planningJudge(ctx.config);
  if (!remote) return undefined;
  return {
    async run(h, { dryRun, now }) {
      const preview = await planConsolidation(remote, h, now);
      const refused = preview.refused.length ? `, ${preview.refused.length} group(s) left alone` : "";
      if (dryRun)
        return { summary: `dry-run: ${preview.changes.length} plan(s) for ${preview.clusters.length} overlapping group(s)${refused}, nothing changed` };
      if (!preview.changes.length) return { summary: `done (no plan for ${preview.clusters.length} overlapping group(s)${refused})` };
      const done = await carryOutPreview(ctx.db, h, preview, now, by);
      return {
        summary: `consolidated ${done.report.consolidated.length} skill(s) into ${done.applied.length} umbrella(s)${refused}`,
        report: done.report,
        renameSummary: done.renameSummary,
      };
    },
  };
}

/** A dry run's addition to Hermes's summary: what a real run now would do (Hermes's own dry run skips the automatic transitions). */
function wouldChangeText(c: NonNullable<CuratorRunResult["wouldChange"]>): string {
  const parts = [
    c.archived && `${c.archived} archived`,
    c.marked_stale && `${c.marked_stale} marked stale`,
    c.reactivated && `${c.reactivated} reactivated`,
  ].filter(Boolean);
  return parts.length ? `a real run now would give: ${parts.join(", ")}` : "a real run now would change nothing";
}

export interface CuratorRunReply {
  ok: true;
  action: "run";
  message: string;
  run: CuratorRunResult;
}

/** `jev curator run [--dry-run]`, `POST /api/curator/run`: a curator run now, its changes in the history. */
export async function runCuratorNow(ctx: ServiceCtx, input: { dryRun?: boolean; consolidate?: boolean } = {}): Promise<CuratorRunReply> {
  const home = requireHome(ctx.config);
  const now = ctx.clock();
  try {
    // `consolidate: true` forces the pass for this run, as `hermes curator run --consolidate` does; otherwise the config says.
    const run = await runCurator(home, {
      dryRun: input.dryRun ?? false,
      consolidate: input.consolidate || undefined,
      now,
      homeOptions: homeOptionsOf(ctx.config),
      pass: consolidationPass(ctx, "run"),
    });
    await recordRun(ctx.db, home, run, "run", now);
    const message = run.wouldChange ? `${run.summary} (${wouldChangeText(run.wouldChange)})` : run.summary;
    return { ok: true, action: "run", message, run };
  } catch (err) {
    if (err instanceof CuratorRefusal) throw new JevError("conflict", err.message);
    throw homeWriteError(err, "curator run");
  }
}

/**
 * The background trigger (curator spec §7.3), as the scheduler and every
 * `jev curator` subcommand start it: a run when one is due and Hermes has
 * been idle long enough, its changes in the history. Null when none was due
 * (or the home is missing); never throws, as Hermes's own trigger.
 */
export async function runCuratorIfDue(ctx: ServiceCtx): Promise<CuratorRunResult | null> {
  const home = presentHome(ctx.config);
  if (home === null) return null;
  const now = ctx.clock();
  const run = await maybeRun(home, { now, homeOptions: homeOptionsOf(ctx.config), pass: consolidationPass(ctx, "scheduled run") });
  // The run happened whatever the database says: a history that cannot be written is reported, not thrown.
  if (run) await recordRun(ctx.db, home, run, "scheduled run", now).catch(() => console.warn("[jev] curator: a due run's history could not be written"));
  return run;
}
