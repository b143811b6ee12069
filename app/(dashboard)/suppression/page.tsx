import Link from "next/link";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { liveRules, rulesFileSetting } from "@/lib/services/rule-settings";
import { type SuppressionRow, suppressionService } from "@/lib/services/suppression";
import { RuleTwoFields } from "../_components/rule-two-fields";
import { parseSuppressionView, SORTS, type Sort, type SuppressionPageView, suppressionHref, whatIfRules } from "./search-params";

export const dynamic = "force-dynamic";

const STATE_LABEL = { shown: "shown", suppressed: "suppressed", retrying: "retrying now" } as const;
const SORT_LABEL: Record<Sort, string> = { suggestions: "most suggested", ratio: "lowest load ratio", last_shown: "last shown", skill: "name" };

function sortRows(rows: SuppressionRow[], sort: Sort | undefined): SuppressionRow[] {
  const by: Record<Sort, (a: SuppressionRow, b: SuppressionRow) => number> = {
    suggestions: (a, b) => b.suggestions - a.suggestions,
    ratio: (a, b) => a.load_ratio - b.load_ratio || b.suggestions - a.suggestions,
    last_shown: (a, b) => (a.last_shown < b.last_shown ? 1 : -1),
    skill: (a, b) => (a.skill < b.skill ? -1 : 1),
  };
  return sort ? [...rows].sort(by[sort]) : rows;
}

/** The load ratio against rule 2's line (max_load_ratio), as a small bar. */
function RatioBar({ ratio, line }: { ratio: number; line: number }) {
  return (
    <span className="ratio" title={`load ratio ${(ratio * 100).toFixed(1)}%, rule 2's line ${(line * 100).toFixed(0)}%`}>
      <span className="ratio-fill" style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      <span className="ratio-line" style={{ left: `${Math.min(100, line * 100)}%` }} />
    </span>
  );
}

/**
 * Rule 2 as it stands: every skill shown to clients that report loads in the
 * window, with its state, counts and next retry, filterable and sortable in
 * the URL. A what-if form recomputes the states under other settings and
 * marks the skills that would flip; it changes nothing live.
 */
export default async function SuppressionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseSuppressionView(await searchParams);
  const config = loadConfig();
  const db = getDb();
  const now = Date.now();
  const live = await suppressionService(db, config, { now });
  const rulesFile = rulesFileSetting(config);
  const rules = liveRules(config);
  const whatIf = whatIfRules(view, rules);
  const alt = whatIf ? new Map((await suppressionService(db, config, { now, rules: whatIf })).skills.map((s) => [s.skill, s.state])) : null;
  const rows = sortRows(
    live.skills.filter((s) => (!view.state || s.state === view.state) && (!view.q || s.skill.includes(view.q))),
    view.sort,
  );
  const counts = { shown: 0, suppressed: 0, retrying: 0 };
  for (const s of live.skills) counts[s.state]++;
  const flips = alt ? live.skills.filter((s) => alt.get(s.skill) !== s.state).length : 0;
  const href = (patch: Partial<SuppressionPageView>) => suppressionHref(view, patch);
  const s = rules.suppression;

  return (
    <section>
      <h1>Suppression</h1>
      <p className="muted" data-testid="live-rules">
        Live rules:{" "}
        {s.enabled
          ? `a skill shown ${s.min_suggestions}+ times in ${s.window_days} days and loaded after fewer than ${s.max_load_ratio * 100}% of them is suppressed, retried every ${s.retry_hours} h`
          : "rule 2 is off"}
        ; rule 1 (no repeat after a load) is {rules.dedup_loaded ? "on" : "off"}. From{" "}
        <code>{rulesFile.exists ? rulesFile.file : `the defaults (no ${rulesFile.file})`}</code>.
      </p>
      {rulesFile.problem && (
        <p className="warning" role="alert">
          The rules file is not used: {rulesFile.problem}
        </p>
      )}

      {live.skills.length === 0 ? (
        <div className="empty" data-testid="suppression-empty">
          <p>No skill was shown to a client that reports loads in the last {s.window_days} days, so rule 2 has nothing to judge.</p>
          <p>
            Rule 2 counts suggestions only where loads can be known: requests with <code>&quot;feedback&quot;: true</code>, or sessions that report loads with{" "}
            <code>POST /api/feedback</code> (the hook recipe in the README does both). Or load the demo fortnight from the Overview (<code>npm run demo</code>).
          </p>
        </div>
      ) : (
        <>
          <nav className="stats" aria-label="States">
            {(["suppressed", "retrying", "shown"] as const).map((state) => (
              <Link
                key={state}
                className="stat"
                href={href({ state: view.state === state ? undefined : state })}
                aria-current={view.state === state ? "true" : undefined}
                data-testid={`state-${state}`}
              >
                <span className="stat-value">{counts[state]}</span>
                <span className="stat-label">{STATE_LABEL[state]}</span>
              </Link>
            ))}
          </nav>

          <form className="filters" method="get" action="/suppression" aria-label="What if" style={{ marginTop: "1.25rem" }}>
            <strong>What if</strong>
            {view.state && <input type="hidden" name="state" value={view.state} />}
            <RuleTwoFields
              values={{
                min_suggestions: view.min ?? s.min_suggestions,
                window_days: view.window ?? s.window_days,
                max_load_ratio: view.ratio ?? s.max_load_ratio,
                retry_hours: view.retry ?? s.retry_hours,
              }}
              names={{ min_suggestions: "min", window_days: "window", max_load_ratio: "ratio", retry_hours: "retry" }}
            />
            <button type="submit">Compare</button>
            {alt && <Link href={href({ min: undefined, window: undefined, ratio: undefined, retry: undefined })}>Clear</Link>}
          </form>
          {alt && (
            <p data-testid="flips">
              Under these settings {flips} {flips === 1 ? "skill" : "skills"} would change state (marked below). The live rules are unchanged.
            </p>
          )}

          <p className="muted">
            Sort:{" "}
            {SORTS.map((sort) => (
              <Link
                key={sort}
                href={href({ sort })}
                aria-current={(view.sort ?? "suggestions") === sort ? "true" : undefined}
                style={{ marginRight: "0.75rem" }}
              >
                {SORT_LABEL[sort]}
              </Link>
            ))}
          </p>
          <div className="table-scroll">
            <table className="decisions" data-testid="suppression-table">
              <thead>
                <tr>
                  <th>skill</th>
                  <th>state</th>
                  <th className="num">shown</th>
                  <th className="num">loaded</th>
                  <th>load ratio</th>
                  <th>last shown</th>
                  <th>next retry</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const other = alt?.get(r.skill);
                  return (
                    <tr key={r.skill} data-state={r.state}>
                      <td>{r.skill}</td>
                      <td>
                        <span className="badge">{STATE_LABEL[r.state]}</span>
                        {other && other !== r.state && (
                          <span className="badge" data-testid="flip">
                            → {STATE_LABEL[other]}
                          </span>
                        )}
                      </td>
                      <td className="num">{r.suggestions}</td>
                      <td className="num">{r.loads}</td>
                      <td>
                        <RatioBar ratio={r.load_ratio} line={s.max_load_ratio} /> {(r.load_ratio * 100).toFixed(0)}%
                      </td>
                      <td>{r.last_shown.slice(0, 16).replace("T", " ")}</td>
                      <td>{r.retry_at ? r.retry_at.slice(0, 16).replace("T", " ") : "—"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {rows.length === 0 && (
            <p className="muted">
              No skill matches these filters. <Link href={href({ state: undefined, q: undefined })}>Show all</Link>.
            </p>
          )}
        </>
      )}
    </section>
  );
}
