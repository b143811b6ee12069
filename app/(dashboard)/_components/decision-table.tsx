import Link from "next/link";
import type { DecisionListItem } from "@/lib/services/decision-explorer";
import { OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { VIA_LABELS } from "@/lib/vocab/suggestion-via";
import { VerdictBadge } from "./verdict";

export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export const formatMatch = (x: number | null) => (x === null ? "–" : x.toFixed(2));

/** Decisions as rows: each links to its detail, each session to its timeline. */
export function DecisionTable({ decisions, showSession = true }: { decisions: DecisionListItem[]; showSession?: boolean }) {
  return (
    <div className="table-scroll">
      <table className="decisions" data-testid="decision-table">
        <thead>
          <tr>
            <th scope="col">Time (UTC)</th>
            {showSession && <th scope="col">Session</th>}
            <th scope="col">Agent</th>
            <th scope="col">Outcome</th>
            <th scope="col">Suggested</th>
            <th scope="col">Top candidates</th>
            <th scope="col" className="num">
              ms
            </th>
          </tr>
        </thead>
        <tbody>
          {decisions.map((d) => (
            <tr key={d.id} data-testid="decision-row">
              <td>
                <Link href={`/decisions/${d.id}`}>{formatTime(d.at)}</Link>
              </td>
              {showSession && (
                <td className="path">
                  {d.session ? <Link href={`/sessions/${encodeURIComponent(d.session)}`}>{d.session}</Link> : <span className="muted">–</span>}
                </td>
              )}
              <td>{d.agent ?? <span className="muted">–</span>}</td>
              <td>
                <span className={`badge outcome-${d.outcome}`}>{OUTCOME_LABELS[d.outcome]}</span>
                {d.reason && <span className="muted"> {d.reason}</span>}
              </td>
              <td>
                {d.suggested ? `${d.suggested.name} (${formatMatch(d.suggested.match)})` : <span className="muted">–</span>}
                {d.suggested?.via && (
                  <span className="muted" title={VIA_LABELS[d.suggested.via]}>
                    {" "}
                    {d.suggested.via === "entry_skill" ? "entry" : "related"}
                  </span>
                )}
              </td>
              <td>
                <ol className="top">
                  {d.top.map((c) => (
                    <li key={c.name}>
                      {c.name} <span className="muted">{formatMatch(c.match ?? c.score)}</span> <VerdictBadge verdict={c.verdict} />
                    </li>
                  ))}
                </ol>
              </td>
              <td className="num">{d.latency_ms}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
