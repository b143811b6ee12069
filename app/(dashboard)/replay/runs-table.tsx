import Link from "next/link";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplayRun } from "@/lib/services/replay";
import { REPLAY_SOURCE_LABELS } from "@/lib/vocab/replay-runs";
import { When } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";

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

const COLUMNS: Column<ReplayRun>[] = [
  { key: "run", header: "run", cell: (r) => <Link href={`/replay?run=${r.id}`}>Run {r.id}</Link> },
  { key: "at", header: "started (UTC)", cell: (r) => <When at={r.at} /> },
  {
    key: "log",
    header: "log",
    cell: (r) => (
      <>
        {REPLAY_SOURCE_LABELS[r.source]}
        {r.log.events ? `, ${r.log.events.toLocaleString("en")} events` : ""}
      </>
    ),
  },
  { key: "rules", header: "rules", cell: (r) => describeRules(r.rules) },
  { key: "status", header: "status", cell: (r) => <Outcome run={r} /> },
];

/** The stored runs, newest first, each a link; and a form that puts two finished runs side by side. */
export function RunsTable({ runs, selected, compared }: { runs: ReplayRun[]; selected?: number; compared?: number }) {
  const done = runs.filter((r) => r.status === "done");
  return (
    <>
      <DataTable
        columns={COLUMNS}
        rows={runs}
        rowKey={(r) => String(r.id)}
        rowProps={(r) => ({ "aria-current": selected === r.id || compared === r.id ? "true" : undefined })}
        testId="runs"
        scroll
      />
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
