import Link from "next/link";
import type { PlannedStep, PlannedTransition } from "@/lib/curator/transitions";
import { CuratorButton } from "../_components/curator-button";
import { type Column, DataTable } from "../_components/kit/data-table";
import { EmptyState } from "../_components/kit/empty-state";

const STEP_LABELS: Record<PlannedStep, string> = {
  keep: "no change",
  seed: "start its clock",
  reanchor: "start its clock",
  reactivate: "make active",
  mark_stale: "mark stale",
  archive: "archive",
};

const COLUMNS: Column<PlannedTransition>[] = [
  { key: "skill", header: "skill", cell: (p) => <Link href={`/skills/${encodeURIComponent(p.name)}`}>{p.name}</Link> },
  { key: "state", header: "state", cell: (p) => p.state },
  {
    key: "next",
    header: "next run",
    cell: (p) => (p.step === "keep" ? <span className="muted">{STEP_LABELS[p.step]}</span> : <strong>{STEP_LABELS[p.step]}</strong>),
  },
  { key: "why", header: "why", cell: (p) => <span className="muted">{p.why}</span> },
  {
    key: "pin",
    header: "",
    cell: (p) =>
      p.why === "pinned" ? (
        <CuratorButton action="unpin" name={p.name} label="Unpin" confirm={`Unpin '${p.name}'? The automatic transitions will apply to it again.`} />
      ) : (
        <CuratorButton action="pin" name={p.name} label="Pin" confirm={`Pin '${p.name}'? A pinned skill never goes stale or is archived automatically.`} />
      ),
  },
];

/** What a run now would do to each curated skill and why (the dry-run preview), with a pin or unpin per skill. */
export function PlanTable({ plan }: { plan: PlannedTransition[] }) {
  if (plan.length === 0) {
    return (
      <EmptyState title="No curated skills.">
        The curator manages skills Hermes created in the background (<code>created_by: agent</code>), bundled skills when <code>curator.prune_builtins</code> is
        on, and any skill you pin.
      </EmptyState>
    );
  }
  const changes = plan.filter((p) => p.step !== "keep").length;
  return (
    <>
      <p className="muted">{changes === 0 ? "A run now would change nothing." : `A run now would change ${changes} of ${plan.length} skills:`}</p>
      <DataTable columns={COLUMNS} rows={plan} rowKey={(p) => p.name} rowProps={(p) => ({ "data-step": p.step })} testId="curator-plan" scroll />
    </>
  );
}
