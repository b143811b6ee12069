import { secondText } from "@/lib/base/time";
import type { DecisionDetail } from "@/lib/services/decisions";
import { VERDICT_LABELS } from "@/lib/vocab/verdicts";
import { formatMatch } from "../../_components/decision-table";
import { type Column, DataTable } from "../../_components/kit/data-table";
import { VerdictBadge } from "../../_components/verdict";

type Candidate = DecisionDetail["candidates"][number];

/** The numbers behind a rule 2 verdict: how often it was shown and loaded, and when it is shown again. */
function SuppressionNumbers({ detail }: { detail: Record<string, unknown> }) {
  const { suggestions, loads, retry_at } = detail as { suggestions?: number; loads?: number; retry_at?: string };
  if (suggestions === undefined) return null;
  return (
    <div className="muted" data-testid="suppression-numbers">
      Shown {suggestions} times in the window, loaded {loads ?? 0}; shown again from {retry_at ? secondText(retry_at) : "–"} UTC.
    </div>
  );
}

const COLUMNS: Column<Candidate & { rank: number }>[] = [
  { key: "rank", header: "#", num: true, cell: (c) => c.rank },
  {
    key: "skill",
    header: "Skill",
    cell: (c) => (
      <>
        <strong>{c.name}</strong>
        <div className="muted path">{c.path}</div>
      </>
    ),
  },
  { key: "score", header: "Stage 1", num: true, cell: (c) => formatMatch(c.score) },
  { key: "match", header: "Match", num: true, cell: (c) => formatMatch(c.match) },
  { key: "verdict", header: "Verdict", cell: (c) => <VerdictBadge verdict={c.verdict} /> },
  {
    key: "why",
    header: "Why",
    cell: (c) => (
      <>
        {VERDICT_LABELS[c.verdict]}
        {c.detail && <SuppressionNumbers detail={c.detail} />}
      </>
    ),
  },
];

/** Every candidate of the decision with its scores, its verdict and the rule that removed it; or why there are none. */
export function CandidatesTable({ d }: { d: DecisionDetail }) {
  if (d.candidates.length === 0) {
    return (
      <p className="muted">
        {d.outcome === "trivial"
          ? "The local gate answered this turn: nothing was ranked."
          : d.status === "fail_open"
            ? "The selection failed open before ranking produced candidates: the agent behaved as if jev were not there."
            : "No candidates were recorded for this decision."}
      </p>
    );
  }
  return (
    <DataTable
      columns={COLUMNS}
      rows={d.candidates.map((c, i) => ({ ...c, rank: i + 1 }))}
      rowKey={(c) => c.path}
      rowTestId="candidate"
      rowProps={(c) => ({ "data-verdict": c.verdict })}
      testId="candidates"
      scroll
    />
  );
}
