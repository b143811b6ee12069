import { z } from "zod";
import { JevError } from "@/lib/base/errors";
import { minuteText } from "@/lib/base/time";
import { loadConfig } from "@/lib/config";
import { describeRules } from "@/lib/rules/describe-rules";
import { liveCtx } from "@/lib/services/context";
import { type ReplayRun, recentReplayRuns, replayRun } from "@/lib/services/replay";
import { liveRules } from "@/lib/services/rules";
import { REPLAY_SOURCE_LABELS } from "@/lib/vocab/replay-runs";
import { EmptyState } from "../_components/kit/empty-state";
import { RunCompare } from "./run-compare";
import { RunProgress } from "./run-progress";
import { BeforeAfter, RemovedBySkill, SweepResult } from "./run-report";
import { RunsTable } from "./runs-table";
import { StartRunForm } from "./start-run-form";

export const dynamic = "force-dynamic";

const runId = z.coerce.number().int().positive().optional().catch(undefined);
const ReplayPageView = z.object({ run: runId, compare: runId });

type Done = ReplayRun & { report: NonNullable<ReplayRun["report"]> };
const isDone = (r: ReplayRun | null): r is Done => r?.status === "done" && r.report !== undefined;

async function readRun(id: number): Promise<{ run: ReplayRun | null; problem?: string }> {
  try {
    return { run: await replayRun(liveCtx(), { id }) };
  } catch (err) {
    if (!(err instanceof JevError)) throw err; // the section's error.tsx
    return { run: null, problem: err.message };
  }
}

/** One run: its progress while it runs, its failure, or its report (and sweep). */
function RunView({ run }: { run: ReplayRun }) {
  return (
    <section aria-label={`Run ${run.id}`}>
      <h2>
        Run {run.id}: {describeRules(run.rules)}
      </h2>
      <p className="muted">
        {REPLAY_SOURCE_LABELS[run.source]}
        {run.log.events ? `, ${run.log.events.toLocaleString("en")} events` : ""}
        {run.log.bad_lines ? `, ${run.log.bad_lines} bad ${run.log.bad_lines === 1 ? "line" : "lines"} skipped` : ""}, started {minuteText(run.at)} UTC.
      </p>
      {run.status === "running" && <RunProgress runId={run.id} phase={run.phase} progress={run.progress} />}
      {run.status === "failed" && (
        <p role="alert" className="warning">
          This run failed: {run.error}
        </p>
      )}
      {isDone(run) && (
        <>
          <BeforeAfter report={run.report} />
          <p data-testid="removed">
            Removed: {run.report.removed.duplicates} duplicates (rule 1), {run.report.removed.rejected} rejected (rule 2), costing{" "}
            {run.report.removed.loads_lost} loads.
          </p>
          {run.sweep && <SweepResult sweep={run.sweep} />}
          <h3>What was removed, by skill</h3>
          <RemovedBySkill report={run.report} />
        </>
      )}
    </section>
  );
}

/**
 * Replay experiments: replay my last 7 days, the demo week or an uploaded log
 * under edited rules (the form starts from the live ones), optionally over a
 * grid of settings; read a run's before/after table, what it removed skill by
 * skill and its sweep chart, or put two runs side by side.
 */
export default async function ReplayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const view = ReplayPageView.parse({
    run: Array.isArray(params.run) ? params.run[0] : params.run,
    compare: Array.isArray(params.compare) ? params.compare[0] : params.compare,
  });
  const config = loadConfig();
  const runs = await recentReplayRuns(liveCtx(), { limit: 20 });
  const selected = view.run ? await readRun(view.run) : runs[0] ? await readRun(runs[0].id) : { run: null };
  const compared = view.compare ? await readRun(view.compare) : null;
  const problem = selected.problem ?? compared?.problem;
  const a = selected.run;
  const b = compared?.run ?? null;

  return (
    <section>
      <h1>Replay</h1>
      <p className="muted">
        Replay recorded suggestions and loads under other rules and see what would have changed before you change the live ones. From a terminal:{" "}
        <code>npx jev replay --log week.jsonl [--rules R.json] [--sweep grid.json]</code>, or <code>POST /api/replay</code>.
      </p>
      <h2>Start a run</h2>
      <StartRunForm rules={liveRules(config)} maxMb={Math.round(config.replayMaxBytes / 1e6)} />
      {problem && <p role="alert">{problem}</p>}

      {a && b ? (
        isDone(a) && isDone(b) ? (
          <section aria-label="Two runs side by side">
            <h2>
              Run {a.id} and run {b.id}, side by side
            </h2>
            <RunCompare a={a} b={b} />
          </section>
        ) : (
          <p role="alert">Only finished runs can be compared.</p>
        )
      ) : a ? (
        <RunView run={a} />
      ) : (
        !problem && (
          <EmptyState testId="replay-empty" title="No replay runs yet.">
            Start one above: replay your last 7 days (every suggestion jev showed and every load agents reported), or the synthetic demo week if you have no
            data yet, under the rules in the form. To fill the other pages too, load the demo fortnight from the Overview (<code>npm run demo</code>).
          </EmptyState>
        )
      )}

      {runs.length > 0 && (
        <>
          <h2>Runs</h2>
          <RunsTable runs={runs} selected={a?.id} compared={b?.id} />
        </>
      )}
    </section>
  );
}
