import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { JevError } from "@/lib/errors";
import { type DecisionDetail, decisionDetailService } from "@/lib/services/decision-explorer";
import { OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { VIA_LABELS } from "@/lib/vocab/suggestion-via";
import { VERDICT_LABELS } from "@/lib/vocab/verdicts";
import { formatMatch, formatTime } from "../../_components/decision-table";
import { FeedbackList } from "../../_components/feedback-list";
import { VerdictBadge } from "../../_components/verdict";

export const dynamic = "force-dynamic";

/** One decision: every candidate with its scores, its verdict and the rule that removed it. */
export default async function DecisionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  let d: DecisionDetail;
  try {
    d = await decisionDetailService(getDb(), Number(id));
  } catch (err) {
    if (err instanceof JevError && err.code === "not_found") notFound();
    throw err;
  }
  return (
    <section>
      <p>
        <Link href="/decisions">← Decisions</Link>
      </p>
      <h1>Decision {d.id}</h1>
      <dl className="facts" data-testid="decision-facts">
        <dt>Time (UTC)</dt>
        <dd>{formatTime(d.at)}</dd>
        <dt>Outcome</dt>
        <dd>
          <span className={`badge outcome-${d.outcome}`}>{OUTCOME_LABELS[d.outcome]}</span>
          {d.reason && (
            <>
              {" "}
              reason <code>{d.reason}</code>
            </>
          )}
        </dd>
        <dt>Suggested</dt>
        <dd data-testid="suggested">
          {d.suggested ? `${d.suggested.name} (match ${formatMatch(d.suggested.match)})` : "nothing"}
          {d.suggested?.via && <div className="muted">{VIA_LABELS[d.suggested.via]}</div>}
        </dd>
        <dt>Session</dt>
        <dd className="path">{d.session ? <Link href={`/sessions/${encodeURIComponent(d.session)}`}>{d.session}</Link> : "none given"}</dd>
        <dt>Agent</dt>
        <dd>{d.agent ?? "not given"}</dd>
        <dt>Reports loads</dt>
        <dd>{d.reports_loads ? "yes: rule 2 counts this suggestion" : "no: rule 2 does not count it"}</dd>
        <dt>Judge</dt>
        <dd>
          {d.judge} via {d.channel}, {d.requests} {d.requests === 1 ? "request" : "requests"}
          {d.connections > 0 ? `, ${d.connections} new ${d.connections === 1 ? "connection" : "connections"}` : ""}
          {d.merged ? ", routing merged into stage 1" : ""}
        </dd>
        <dt>Catalog</dt>
        <dd>
          {d.catalog_size} skills ranked{d.skills_dropped ? `, ${d.skills_dropped} over the cap` : ""}
        </dd>
        <dt>Timings</dt>
        <dd data-testid="timings">
          {d.timings.total_ms} ms in all; stage 1 {d.timings.stage_one_ms ?? "–"} ms, stage 2 {d.timings.stage_two_ms ?? "–"} ms
        </dd>
        <dt>needs_skill</dt>
        <dd>{formatMatch(d.needs_skill)}</dd>
      </dl>

      <h2>Candidates</h2>
      {d.candidates.length === 0 ? (
        <p className="muted">
          {d.outcome === "trivial"
            ? "The local gate answered this turn: nothing was ranked."
            : d.status === "fail_open"
              ? "The selection failed open before ranking produced candidates: the agent behaved as if jev were not there."
              : "No candidates were recorded for this decision."}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="decisions" data-testid="candidates">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Skill</th>
                <th scope="col" className="num">
                  Stage 1
                </th>
                <th scope="col" className="num">
                  Match
                </th>
                <th scope="col">Verdict</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {d.candidates.map((c, i) => (
                <tr key={c.path} data-testid="candidate" data-verdict={c.verdict}>
                  <td className="num">{i + 1}</td>
                  <td>
                    <strong>{c.name}</strong>
                    <div className="muted path">{c.path}</div>
                  </td>
                  <td className="num">{formatMatch(c.score)}</td>
                  <td className="num">{formatMatch(c.match)}</td>
                  <td>
                    <VerdictBadge verdict={c.verdict} />
                  </td>
                  <td>
                    {VERDICT_LABELS[c.verdict]}
                    {c.detail && <SuppressionNumbers detail={c.detail} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Feedback in this session</h2>
      <FeedbackList
        feedback={d.feedback}
        testId="feedback"
        empty={
          d.session ? "The agent reported no loads or rejections in this session." : "No session id was sent, so feedback cannot be tied to this decision."
        }
      />
    </section>
  );
}

function SuppressionNumbers({ detail }: { detail: Record<string, unknown> }) {
  const { suggestions, loads, retry_at } = detail as { suggestions?: number; loads?: number; retry_at?: string };
  if (suggestions === undefined) return null;
  return (
    <div className="muted" data-testid="suppression-numbers">
      Shown {suggestions} times in the window, loaded {loads ?? 0}; shown again from {retry_at ? formatTime(retry_at) : "–"} UTC.
    </div>
  );
}
