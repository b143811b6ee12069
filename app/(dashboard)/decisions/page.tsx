import Link from "next/link";
import { getDb } from "@/db/client";
import { JevError } from "@/lib/errors";
import { listDecisionsService } from "@/lib/services/decision-explorer";
import { decisionSummary } from "@/lib/services/decision-summary";
import { type MatchReliability, matchReliability } from "@/lib/services/match-reliability";
import { DAY_MS, utcDay } from "@/lib/time";
import { DECISION_OUTCOMES, OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { DecisionTable } from "../_components/decision-table";
import { JudgeChart } from "../_components/judge-chart";
import { type DayRow, OutcomeChart } from "../_components/outcome-chart";
import { ReasonTable } from "../_components/reason-table";
import { ReliabilitySection } from "../_components/reliability-section";
import { Stat } from "../_components/stat";
import { DecisionFilters } from "./client";
import { type DecisionsView, describeRange, parseDecisionsView, viewHref, viewRange } from "./search-params";

export const dynamic = "force-dynamic";

const PATH = "/decisions";

/**
 * The decision log a user can investigate: counts by outcome and day, fail-open
 * reasons, and the decisions themselves, every filter in the URL. Tiles, bars
 * and reason rows are links that filter the table.
 */
export default async function DecisionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseDecisionsView(await searchParams);
  const now = Date.now();
  const range = viewRange(view, now);
  const href = (patch: Partial<DecisionsView>) => viewHref(PATH, view, patch);
  let loaded: { summary: Awaited<ReturnType<typeof decisionSummary>>; page: Awaited<ReturnType<typeof listDecisionsService>>; reliability: MatchReliability };
  try {
    const db = getDb();
    // The tiles and reasons ignore their own filter so they can switch it; the table applies all.
    const summary = await decisionSummary(db, { ...range, skill: view.skill, session: view.session }, now);
    const page = await listDecisionsService(
      db,
      { ...range, outcome: view.outcome, reason: view.reason, skill: view.skill, session: view.session, cursor: view.cursor },
      now,
    );
    const reliability = await matchReliability(db, range, now);
    loaded = { summary, page, reliability };
  } catch (err) {
    const message = err instanceof JevError && err.status < 500 ? err.message : "Could not load decisions. Is the database file readable?";
    return (
      <section>
        <h1>Decisions</h1>
        <p role="alert">{message}</p>
        <Link href={PATH}>Start over</Link>
      </section>
    );
  }
  const { summary, page, reliability } = loaded;
  const { fromDay, lastDay } = describeRange(summary.from, summary.to);
  const days = perDay(summary.byDayOutcome, summary.from, summary.to);
  const hrefForDay = Object.fromEntries(days.map((d) => [d.day, href({ from: d.day, to: d.day })]));
  const filtered = view.outcome || view.reason;

  return (
    <section>
      <h1>Decisions</h1>
      <DecisionFilters view={view} fromDay={fromDay} lastDay={lastDay} />

      {summary.total === 0 ? (
        <div className="empty" data-testid="decisions-empty">
          <p>
            No decisions from {fromDay} to {lastDay} (UTC){view.skill ? ` with ${view.skill} among the candidates` : ""}
            {view.session ? ` in session ${view.session}` : ""}.
          </p>
          <p>
            Decisions appear here when an agent calls <code>POST /api/pick-skill</code> or you run <code>npx jev pick-skill</code>. Widen the range or clear a
            filter if you expected some.
          </p>
        </div>
      ) : (
        <>
          <nav className="stats" aria-label="Outcomes">
            <Stat label="decisions" value={summary.total} testId="total" href={href({ outcome: undefined, reason: undefined })} active={!filtered} />
            {DECISION_OUTCOMES.filter((o) => summary.byOutcome[o]).map((o) => (
              <Stat
                key={o}
                label={OUTCOME_LABELS[o]}
                value={summary.byOutcome[o]}
                testId={`outcome-${o}`}
                href={href({ outcome: view.outcome === o ? undefined : o, reason: undefined })}
                active={view.outcome === o}
              />
            ))}
          </nav>
          <h2>Per day, by outcome</h2>
          <OutcomeChart days={days} hrefForDay={hrefForDay} />
          <h2>Fail-open reasons</h2>
          <ReasonTable
            byReason={summary.byReason}
            hrefFor={(reason) => href({ reason: reason as DecisionsView["reason"], outcome: undefined })}
            active={view.reason}
          />
          <h2>Latency</h2>
          <div className="stats" data-testid="latency">
            <Stat label="p50 ms" value={summary.latencyMs.p50} />
            <Stat label="p90 ms" value={summary.latencyMs.p90} />
            <Stat label="p99 ms" value={summary.latencyMs.p99} />
          </div>
          <h2>The judge</h2>
          {summary.judge.turns === 0 ? (
            <p className="muted" data-testid="judge-empty">
              No turn reached the judge in this range: every decision was a trivial, secret-looking or empty-catalog turn.
            </p>
          ) : (
            <>
              <div className="stats" data-testid="judge-work">
                <Stat label="turns that asked the judge" value={summary.judge.turns} />
                <Stat label="requests per turn" value={summary.judge.requestsPerTurn} />
                <Stat label="judge p50 ms" value={summary.judge.latencyMs.p50} />
                <Stat label="judge p95 ms" value={summary.judge.latencyMs.p95} />
              </div>
              <JudgeChart days={summary.judge.byDay} />
            </>
          )}

          <h2>What a match means on your skills</h2>
          <ReliabilitySection reliability={reliability} />

          <h2 id="log">
            Decision log{view.outcome ? `: ${OUTCOME_LABELS[view.outcome]}` : ""}
            {view.reason ? `: ${view.reason}` : ""}
          </h2>
          {page.decisions.length === 0 ? (
            <p className="muted" data-testid="table-empty">
              No decisions match these filters from {fromDay} to {lastDay}.{" "}
              <Link href={href({ outcome: undefined, reason: undefined })}>Clear the outcome and reason filters</Link>.
            </p>
          ) : (
            <DecisionTable decisions={page.decisions} />
          )}
          <nav className="pager" aria-label="Pages">
            {view.cursor && <Link href={href({ cursor: undefined })}>Newest</Link>}
            {page.next_cursor && (
              <Link href={href({ cursor: page.next_cursor })} rel="next">
                Older
              </Link>
            )}
          </nav>
        </>
      )}
    </section>
  );
}

/** One row per UTC day of the range (days without decisions at zero), a count per outcome. */
function perDay(rows: { day: string; outcome: string; count: number }[], fromIso: string, toIso: string): DayRow[] {
  const days = new Map<string, DayRow>();
  const zero = () => Object.fromEntries(DECISION_OUTCOMES.map((o) => [o, 0]));
  for (let t = Date.parse(fromIso.slice(0, 10)); t < Date.parse(toIso) && days.size < 400; t += DAY_MS) {
    const day = utcDay(t);
    days.set(day, { day, ...zero() });
  }
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, ...zero() };
    d[r.outcome] = Number(d[r.outcome] ?? 0) + r.count;
    days.set(r.day, d);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
