import Link from "next/link";
import { secondText } from "@/lib/base/time";
import type { DecisionDetail } from "@/lib/services/decisions";
import { channelLabel } from "@/lib/vocab/channels";
import { OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { VIA_LABELS } from "@/lib/vocab/suggestion-via";
import { formatMatch } from "../../_components/decision-table";

/** What the decision was: when, how it ended, what it suggested, for whom, with which judge, and how long it took. */
export function DecisionFacts({ d }: { d: DecisionDetail }) {
  return (
    <dl className="facts" data-testid="decision-facts">
      <dt>Time (UTC)</dt>
      <dd>{secondText(d.at)}</dd>
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
        {d.judge} via {channelLabel(d.channel)}, {d.requests} {d.requests === 1 ? "request" : "requests"}
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
  );
}
