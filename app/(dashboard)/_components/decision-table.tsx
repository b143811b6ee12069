import Link from "next/link";
import { secondText } from "@/lib/base/time";
import type { DecisionListItem } from "@/lib/services/decisions";
import { channelLabel } from "@/lib/vocab/channels";
import { OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { VIA_LABELS } from "@/lib/vocab/suggestion-via";
import { type Column, DataTable } from "./kit/data-table";
import { VerdictBadge } from "./verdict";

export const formatMatch = (x: number | null) => (x === null ? "–" : x.toFixed(2));

function SuggestedCell({ d }: { d: DecisionListItem }) {
  return (
    <>
      {d.suggested ? `${d.suggested.name} (${formatMatch(d.suggested.match)})` : <span className="muted">–</span>}
      {d.suggested?.via && (
        <span className="muted" title={VIA_LABELS[d.suggested.via]}>
          {" "}
          {d.suggested.via === "entry_skill" ? "entry" : "related"}
        </span>
      )}
    </>
  );
}

const TIME: Column<DecisionListItem> = { key: "time", header: "Time (UTC)", cell: (d) => <Link href={`/decisions/${d.id}`}>{secondText(d.at)}</Link> };
const SESSION: Column<DecisionListItem> = {
  key: "session",
  header: "Session",
  cell: (d) => (d.session ? <Link href={`/sessions/${encodeURIComponent(d.session)}`}>{d.session}</Link> : <span className="muted">–</span>),
};
const REST: Column<DecisionListItem>[] = [
  {
    key: "agent",
    header: "Agent",
    cell: (d) => (
      <>
        {d.agent ?? <span className="muted">–</span>}
        <span className="muted" data-testid="channel">
          {" "}
          via {channelLabel(d.channel)}
        </span>
      </>
    ),
  },
  {
    key: "outcome",
    header: "Outcome",
    cell: (d) => (
      <>
        <span className={`badge outcome-${d.outcome}`}>{OUTCOME_LABELS[d.outcome]}</span>
        {d.reason && <span className="muted"> {d.reason}</span>}
      </>
    ),
  },
  { key: "suggested", header: "Suggested", cell: (d) => <SuggestedCell d={d} /> },
  {
    key: "top",
    header: "Top candidates",
    cell: (d) => (
      <ol className="top">
        {d.top.map((c) => (
          <li key={c.name}>
            {c.name} <span className="muted">{formatMatch(c.match ?? c.score)}</span> <VerdictBadge verdict={c.verdict} />
          </li>
        ))}
      </ol>
    ),
  },
  { key: "ms", header: "ms", num: true, cell: (d) => d.latency_ms },
];

/** Decisions as rows: each links to its detail, each session to its timeline. */
export function DecisionTable({ decisions, showSession = true }: { decisions: DecisionListItem[]; showSession?: boolean }) {
  const columns = showSession ? [TIME, SESSION, ...REST] : [TIME, ...REST];
  return <DataTable columns={columns} rows={decisions} rowKey={(d) => String(d.id)} testId="decision-table" rowTestId="decision-row" scroll />;
}
