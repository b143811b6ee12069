import Link from "next/link";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplayRun } from "@/lib/services/replay-runs";
import { REPLAY_SOURCE_LABELS } from "@/lib/vocab/replay-runs";

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

function Outcome({ run }: { run: ReplayRun }) {
  if (run.status === "running") return <span>running, {Math.floor(run.progress * 100)}%</span>;
  if (run.status === "failed") return <span className="warning-text">failed: {run.error}</span>;
  return <span>{run.sweep_points ? `done, ${run.sweep_points}-point sweep` : "done"}</span>;
}

function RunSelect({ label, name, ariaLabel, runs, chosen }: { label: string; name: string; ariaLabel: string; runs: ReplayRun[]; chosen: number }) {
  return (
    <label>
      {label}{" "}
      <select name={name} aria-label={ariaLabel} defaultValue={String(chosen)}>
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            Run {r.id}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The stored runs, newest first, each a link; and a form that puts two finished runs side by side. */
export function RunsTable({ runs, selected, compared }: { runs: ReplayRun[]; selected?: number; compared?: number }) {
  const done = runs.filter((r) => r.status === "done");
  return (
    <>
      <div className="table-scroll">
        <table className="decisions" data-testid="runs">
          <thead>
            <tr>
              <th>run</th>
              <th>started (UTC)</th>
              <th>log</th>
              <th>rules</th>
              <th>status</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id} aria-current={selected === r.id || compared === r.id ? "true" : undefined}>
                <td>
                  <Link href={`/replay?run=${r.id}`}>Run {r.id}</Link>
                </td>
                <td>{when(r.at)}</td>
                <td>
                  {REPLAY_SOURCE_LABELS[r.source]}
                  {r.log.events ? `, ${r.log.events.toLocaleString("en")} events` : ""}
                </td>
                <td>{describeRules(r.rules)}</td>
                <td>
                  <Outcome run={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {done.length >= 2 && (
        <form className="filters" method="get" action="/replay" aria-label="Compare runs" style={{ marginTop: "1rem" }}>
          <strong>Compare</strong>
          <RunSelect label="run" name="run" ariaLabel="First run" runs={done} chosen={selected ?? done[1].id} />
          <RunSelect label="with" name="compare" ariaLabel="Second run" runs={done} chosen={compared ?? done[0].id} />
          <button type="submit">Side by side</button>
        </form>
      )}
    </>
  );
}
