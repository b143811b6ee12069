import type { ReplayReport } from "@/lib/replay/report";
import type { SweepPoint } from "@/lib/replay/sweep";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplaySweep } from "@/lib/services/replay-runs";
import { SweepChart } from "../_components/sweep-chart";

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The reference report's shape (selection spec §7): recorded against replayed, and what the rules removed. */
export function BeforeAfter({ report }: { report: ReplayReport }) {
  return (
    <table className="decisions compact" data-testid="before-after">
      <thead>
        <tr>
          <th />
          <th className="num">recorded</th>
          <th className="num">replayed</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>suggestions</td>
          <td className="num">{report.recorded.suggestions}</td>
          <td className="num">{report.replayed.suggestions}</td>
        </tr>
        <tr>
          <td>loaded within {report.rules.attribution_minutes} min</td>
          <td className="num">{report.recorded.loaded}</td>
          <td className="num">{report.replayed.loaded}</td>
        </tr>
        <tr>
          <td>load rate</td>
          <td className="num">{pct(report.recorded.load_rate)}</td>
          <td className="num">{pct(report.replayed.load_rate)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** What each skill lost under the rules, the skills that lost most first. */
export function RemovedBySkill({ report }: { report: ReplayReport }) {
  const rows = report.skills.filter((s) => s.duplicates + s.rejected > 0);
  if (rows.length === 0) return <p className="muted">Nothing was removed under these rules.</p>;
  return (
    <div className="table-scroll">
      <table className="decisions" data-testid="per-skill">
        <thead>
          <tr>
            <th>skill</th>
            <th className="num">recorded</th>
            <th className="num">duplicates</th>
            <th className="num">rejected</th>
            <th className="num">loads lost</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 25).map((s) => (
            <tr key={s.skill}>
              <td>{s.skill}</td>
              <td className="num">{s.recorded}</td>
              <td className="num">{s.duplicates}</td>
              <td className="num">{s.rejected}</td>
              <td className="num">{s.loads_lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
      <div className="table-scroll">
        <table className="decisions" data-testid="frontier">
          <thead>
            <tr>
              <th className="num">suggestions removed</th>
              <th className="num">loads lost</th>
              <th className="num">load rate</th>
              <th>rules</th>
            </tr>
          </thead>
          <tbody>
            {frontierRows(sweep.points).map(({ first, alike }) => (
              <tr key={describeRules(first.rules)}>
                <td className="num">{first.suggestions_removed}</td>
                <td className="num">{first.loads_lost}</td>
                <td className="num">{pct(first.load_rate)}</td>
                <td>
                  {describeRules(first.rules)}
                  {alike.length > 0 && (
                    <span className="muted" title={alike.map((p) => describeRules(p.rules)).join("\n")}>
                      {" "}
                      (and {alike.length} more {alike.length === 1 ? "setting" : "settings"} with the same result)
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
