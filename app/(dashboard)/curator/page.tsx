import { JevError } from "@/lib/base/errors";
import { liveCtx } from "@/lib/services/context";
import {
  type CuratorOverview,
  consolidationHistory,
  curatorOverview,
  planningJudge,
  type SkillOverlaps,
  savedConsolidationPreview,
  skillOverlaps,
} from "@/lib/services/curator";
import { EmptyState } from "../_components/kit/empty-state";
import { ArchivedList, CuratorHistory } from "./archived-and-history";
import { ConsolidationPanel } from "./consolidation-panel";
import { OverlapTable } from "./overlap-table";
import { PlanTable } from "./plan-table";
import { ReportsTable } from "./reports-table";
import { StatusPanel } from "./status-panel";

export const dynamic = "force-dynamic";

/**
 * The Hermes curator: its state and schedule, what the next run would do to
 * each skill and why (the dry-run preview), the actions (with confirmation
 * and the API token), archived skills to restore, past run reports, and the
 * curator's own history.
 */
export default async function CuratorPage() {
  const ctx = liveCtx();
  const overlaps = overlapSection(await skillOverlaps(ctx).catch((err) => err));
  let o: CuratorOverview;
  try {
    o = await curatorOverview(ctx);
  } catch (err) {
    if (!(err instanceof JevError && err.code === "not_found")) throw err;
    return (
      <section>
        <h1>Curator</h1>
        <EmptyState testId="curator-empty" title={err.message}>
          The curator keeps a Hermes home&apos;s skills tidy in place, as Hermes&apos;s own curator does: set <code>HERMES_HOME</code> (default{" "}
          <code>~/.hermes</code>) and restart. To try it first, <code>npm run demo</code> writes a synthetic home:{" "}
          <code>HERMES_HOME=data/demo/hermes npm start</code>.
        </EmptyState>
        {overlaps}
      </section>
    );
  }
  return (
    <section>
      <h1>Curator</h1>
      <p className="warning-text" data-testid="curator-runs-here">
        jev runs Hermes&apos;s curator on this home by itself, as Hermes would: when a run is due and Hermes has been idle long enough, idle skills are marked
        stale or archived (moved to <code>skills/.archive</code>, restorable below). The plan under &quot;The next run&quot; is what it would do now.{" "}
        {o.status.state.paused ? "It is paused." : "Pause it here (or jev curator pause) to keep every folder where it is."}
      </p>
      <StatusPanel o={o} now={ctx.clock()} />
      <h2>The next run</h2>
      <PlanTable plan={o.plan} />
      <h2>Archived</h2>
      <ArchivedList archived={o.archived} />
      <h2>Run reports</h2>
      <ReportsTable reports={o.reports} home={o.home} runCount={o.status.state.run_count} />
      <h2>What the curator did</h2>
      <CuratorHistory history={o.history} />
      {overlaps}
      <h2>Consolidation</h2>
      <ConsolidationPanel
        home={o.home}
        judgeReady={planningJudge(ctx.config) !== null}
        consolidateOn={o.status.consolidate}
        preview={savedConsolidationPreview(ctx.config)}
        history={await consolidationHistory(ctx)}
      />
    </section>
  );
}

/** The overlaps, for any agent's skills (no Hermes home needed); a catalog over the walk's limits says so instead. */
function overlapSection(found: SkillOverlaps | unknown) {
  const busy = found instanceof JevError && found.code === "busy";
  if (found instanceof Error && !busy) throw found;
  return (
    <>
      <h2>Skills that overlap</h2>
      {busy ? <p role="alert">{(found as JevError).message}</p> : <OverlapTable overlaps={found as SkillOverlaps} />}
    </>
  );
}
