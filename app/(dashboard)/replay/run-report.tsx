import type { ReplayReport } from "@/lib/replay/report";
import type { SweepPoint } from "@/lib/replay/sweep";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplaySweep } from "@/lib/services/replay";
import { type Column, DataTable } from "../_components/kit/data-table";
import { SweepChart } from "../_components/sweep-chart";

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

type Figure = { label: string; recorded: string | number; replayed: string | number };

/** The reference report's shape (selection spec §7): recorded against replayed, and what the rules removed. */
export function BeforeAfter({ report }: { report: ReplayReport }) {
  const rows: Figure[] = [
    { label: "suggestions", recorded: report.recorded.suggestions, replayed: report.replayed.suggestions },
    { label: `loaded within ${report.rules.attribution_minutes} min`, recorded: report.recorded.loaded, replayed: report.replayed.loaded },
    { label: "load rate", recorded: pct(report.recorded.load_rate), replayed: pct(report.replayed.load_rate) },
  ];
  return (
    <DataTable<Figure>
      columns={[
        { key: "label", header: "", cell: (r) => r.label },
        { key: "recorded", header: "recorded", num: true, cell: (r) => r.recorded },
        { key: "replayed", header: "replayed", num: true, cell: (r) => r.replayed },
      ]}
      rows={rows}
      rowKey={(r) => r.label}
      testId="before-after"
      compact
    />
  );
}

type SkillLoss = ReplayReport["skills"][number];
const PER_SKILL: Column<SkillLoss>[] = [
  { key: "skill", header: "skill", cell: (s) => s.skill },
  { key: "recorded", header: "recorded", num: true, cell: (s) => s.recorded },
  { key: "duplicates", header: "duplicates", num: true, cell: (s) => s.duplicates },
  { key: "rejected", header: "rejected", num: true, cell: (s) => s.rejected },
  { key: "lost", header: "loads lost", num: true, cell: (s) => s.loads_lost },
];

/** What each skill lost under the rules, the skills that lost most first. */
export function RemovedBySkill({ report }: { report: ReplayReport }) {
  const rows = report.skills.filter((s) => s.duplicates + s.rejected > 0);
  if (rows.length === 0) return <p className="muted">Nothing was removed under these rules.</p>;
  return (
    <div>
      <DataTable columns={PER_SKILL} rows={rows.slice(0, 25)} rowKey={(r) => r.skill} testId="per-skill" scroll />
      {rows.length > 25 && <p className="muted">and {rows.length - 25} more skills (the whole list is in the run's JSON: GET /api/replay/:id).</p>}
    </div>
  );
}

/** Frontier points with the same outcome (settings that differ where the log never tested them), as one row. */
function frontierRows(points: SweepPoint[]): { first: SweepPoint; alike: SweepPoint[] }[] {
  const rows = new Map<string, { first: SweepPoint; alike: SweepPoint[] }>();
  for (const p of points.filter((q) => q.frontier).sort((a, b) => a.suggestions_removed - b.suggestions_removed)) {
    const key = `${p.suggestions_removed}/${p.loads_lost}`;
    const row = rows.get(key);
    if (row) row.alike.push(p);
    else rows.set(key, { first: p, alike: [] });
  }
  return [...rows.values()];
}

type FrontierRow = ReturnType<typeof frontierRows>[number];
const FRONTIER: Column<FrontierRow>[] = [
  { key: "removed", header: "suggestions removed", num: true, cell: (r) => r.first.suggestions_removed },
  { key: "lost", header: "loads lost", num: true, cell: (r) => r.first.loads_lost },
  { key: "rate", header: "load rate", num: true, cell: (r) => pct(r.first.load_rate) },
  {
    key: "rules",
    header: "rules",
    cell: ({ first, alike }) => (
      <>
        {describeRules(first.rules)}
        {alike.length > 0 && (
          <span className="muted" title={alike.map((p) => describeRules(p.rules)).join("\n")}>
            {" "}
            (and {alike.length} more {alike.length === 1 ? "setting" : "settings"} with the same result)
          </span>
        )}
      </>
    ),
  },
];

/** A sweep: the chart of every point, and the frontier as a table (the settings worth choosing between). */
export function SweepResult({ sweep }: { sweep: ReplaySweep }) {
  return (
    <>
      <h3>Sweep: {sweep.points.length} settings</h3>
      <p className="muted">
        Each point is the log replayed under one combination of the grid. On the frontier, no other setting removes more suggestions for the same loads lost;
        hover a point for its rules.
      </p>
      <SweepChart points={sweep.points} />
      <DataTable columns={FRONTIER} rows={frontierRows(sweep.points)} rowKey={(r) => describeRules(r.first.rules)} testId="frontier" scroll />
    </>
  );
}
