import Link from "next/link";
import type { ReactNode } from "react";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplayRun } from "@/lib/services/replay";
import { REPLAY_SOURCE_LABELS } from "@/lib/vocab/replay-runs";
import { type Column, DataTable } from "../_components/kit/data-table";
import { pct } from "./run-report";

type Done = ReplayRun & { report: NonNullable<ReplayRun["report"]> };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A figure of both runs: how each reads, and the difference from the first to the second. */
type CompareRow = { label: string; a: ReactNode; b: ReactNode; difference: ReactNode };

const FIGURES: { label: string; of: (r: Done) => number; format?: (n: number) => string }[] = [
  { label: "recorded suggestions", of: (r) => r.report.recorded.suggestions },
  { label: "replayed suggestions", of: (r) => r.report.replayed.suggestions },
  { label: "replayed loads", of: (r) => r.report.replayed.loaded },
  { label: "replayed load rate", of: (r) => r.report.replayed.load_rate, format: pct },
  { label: "duplicates removed (rule 1)", of: (r) => r.report.removed.duplicates },
  { label: "rejected (rule 2)", of: (r) => r.report.removed.rejected },
  { label: "loads lost", of: (r) => r.report.removed.loads_lost },
];

function compareRows(a: Done, b: Done): CompareRow[] {
  const log = (r: Done) => `${REPLAY_SOURCE_LABELS[r.source]}, ${r.log.events} events`;
  return [
    { label: "log", a: log(a), b: log(b), difference: a.log.digest === b.log.digest ? "same log" : "different logs" },
    { label: "rules", a: describeRules(a.rules), b: describeRules(b.rules), difference: "" },
    ...FIGURES.map((row) => {
      const format = row.format ?? String;
      const delta = row.of(b) - row.of(a);
      const difference = row.format ? `${delta >= 0 ? "+" : ""}${(delta * 100).toFixed(1)} pt` : signed(delta);
      return { label: row.label, a: format(row.of(a)), b: format(row.of(b)), difference };
    }),
  ];
}

const compareColumns = (a: Done, b: Done): Column<CompareRow>[] => [
  { key: "label", header: "", cell: (r) => r.label },
  { key: "a", header: <Link href={`/replay?run=${a.id}`}>run {a.id}</Link>, num: true, cell: (r) => r.a },
  { key: "b", header: <Link href={`/replay?run=${b.id}`}>run {b.id}</Link>, num: true, cell: (r) => r.b },
  { key: "difference", header: "difference", num: true, cell: (r) => r.difference },
];

type SkillPair = { skill: string; a: Done["report"]["skills"][number]; b?: Done["report"]["skills"][number] };
const skillColumns = (a: Done, b: Done): Column<SkillPair>[] => [
  { key: "skill", header: "skill", cell: (s) => s.skill },
  { key: "shown-a", header: `shown in run ${a.id}`, num: true, cell: (s) => s.a.replayed },
  { key: "shown-b", header: `shown in run ${b.id}`, num: true, cell: (s) => s.b?.replayed },
  { key: "lost-a", header: `loads lost in run ${a.id}`, num: true, cell: (s) => s.a.loads_lost },
  { key: "lost-b", header: `loads lost in run ${b.id}`, num: true, cell: (s) => s.b?.loads_lost },
];

/** Two finished runs side by side: their logs and rules, before/after and removals, and the skills they treat differently. */
export function RunCompare({ a, b }: { a: Done; b: Done }) {
  const bySkillB = new Map(b.report.skills.map((s) => [s.skill, s]));
  const skills = a.report.skills
    .map((s) => ({ skill: s.skill, a: s, b: bySkillB.get(s.skill) }))
    .filter((s) => s.b && (s.a.replayed !== s.b.replayed || s.a.loads_lost !== s.b.loads_lost))
    .sort((x, y) => Math.abs((y.b?.replayed ?? 0) - y.a.replayed) - Math.abs((x.b?.replayed ?? 0) - x.a.replayed));
  return (
    <>
      {a.log.digest !== b.log.digest && (
        <p className="warning">These runs read different logs, so their recorded figures differ too; compare runs of the same log to compare rules.</p>
      )}
      <DataTable columns={compareColumns(a, b)} rows={compareRows(a, b)} rowKey={(r) => r.label} testId="compare" scroll />
      <h3>Skills the two runs treat differently</h3>
      {skills.length === 0 ? (
        <p className="muted">Every skill was shown as often, and lost as many loads, in both runs.</p>
      ) : (
        <DataTable columns={skillColumns(a, b)} rows={skills.slice(0, 25)} rowKey={(s) => s.skill} testId="compare-skills" scroll />
      )}
    </>
  );
}
