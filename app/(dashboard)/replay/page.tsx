import Link from "next/link";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { JevError } from "@/lib/errors";
import type { ReplayReport } from "@/lib/replay/report";
import { listReplayRunsService, type ReplayRun, replayRunService } from "@/lib/services/replay-runs";
import { liveRules } from "@/lib/services/rule-settings";
import { ReplayRulesForm } from "./rules-form";

export const dynamic = "force-dynamic";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const describeRules = (r: ReplayRun["rules"]) =>
  `rule 1 ${r.dedup_loaded ? "on" : "off"}; rule 2 ${r.suppression.enabled ? `min ${r.suppression.min_suggestions}, ${r.suppression.window_days} d, ratio ${r.suppression.max_load_ratio}, retry ${r.suppression.retry_hours} h` : "off"}; attribution ${r.attribution_minutes} min`;

/** The reference report's shape (selection spec §7): recorded against replayed, and what the rules removed. */
function BeforeAfter({ report }: { report: ReplayReport }) {
  return (
    <table className="decisions" data-testid="before-after" style={{ maxWidth: 560 }}>
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

/**
 * Replay experiments: replay the last 7 days of live suggestions and loads
 * under edited rules (the form starts from the live ones), and read each run's
 * before/after table and what it removed, skill by skill.
 */
export default async function ReplayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const db = getDb();
  const runs = listReplayRunsService(db, 20);
  const wanted = Number(Array.isArray(params.run) ? params.run[0] : params.run);
  let run: ReplayRun | null = null;
  let problem: string | null = null;
  if (Number.isSafeInteger(wanted) && wanted > 0) {
    try {
      run = replayRunService(db, wanted);
    } catch (err) {
      problem = err instanceof JevError ? err.message : "could not read that run";
    }
  } else if (runs[0]) run = replayRunService(db, runs[0].id);
  const report = run?.report;

  return (
    <section>
      <h1>Replay</h1>
      <p className="muted">
        Replay recorded suggestions and loads under other rules and see what would have changed before you change the live ones. Uploads, sweeps and two runs
        side by side: <code>npx jev replay --log week.jsonl [--rules R.json] [--sweep grid.json]</code> or <code>POST /api/replay</code>.
      </p>
      <h2>Start a run</h2>
      <ReplayRulesForm rules={liveRules(loadConfig())} />
      {problem && <p role="alert">{problem}</p>}

      {!run ? (
        <div className="empty" data-testid="replay-empty">
          <p>
            No replay runs yet. Replay your last 7 days above: every suggestion jev showed and every load agents reported, under the rules in the form. No data
            yet? Load the demo fortnight from the Overview (<code>npm run demo</code>).
          </p>
        </div>
      ) : (
        report && (
          <>
            <h2>
              Run {run.id}: {describeRules(run.rules)}
            </h2>
            <p className="muted">
              {run.log.events.toLocaleString("en")} events{run.log.bad_lines ? `, ${run.log.bad_lines} bad lines skipped` : ""}, replayed{" "}
              {run.at.slice(0, 16).replace("T", " ")} UTC.
            </p>
            <BeforeAfter report={report} />
            <p data-testid="removed">
              Removed: {report.removed.duplicates} duplicates (rule 1), {report.removed.rejected} rejected (rule 2), costing {report.removed.loads_lost} loads.
            </p>
            <h3>What was removed, by skill</h3>
            {report.skills.filter((s) => s.duplicates + s.rejected > 0).length === 0 ? (
              <p className="muted">Nothing was removed under these rules.</p>
            ) : (
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
                    {report.skills
                      .filter((s) => s.duplicates + s.rejected > 0)
                      .slice(0, 25)
                      .map((s) => (
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
              </div>
            )}
          </>
        )
      )}

      {runs.length > 0 && (
        <>
          <h2>Runs</h2>
          <ul data-testid="runs">
            {runs.map((r) => (
              <li key={r.id}>
                <Link href={`/replay?run=${r.id}`} aria-current={run?.id === r.id ? "true" : undefined}>
                  Run {r.id}
                </Link>{" "}
                <span className="muted">
                  {r.at.slice(0, 16).replace("T", " ")} · {r.log.events} events · {describeRules(r.rules)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
