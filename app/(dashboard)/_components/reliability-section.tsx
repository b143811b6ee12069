import type { MatchReliability } from "@/lib/services/decisions";
import { type Column, DataTable } from "./kit/data-table";
import { ReliabilityChart } from "./reliability-chart";

const pct = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);
const bucketLabel = (r: { from: number; to: number }) => `${r.from.toFixed(1)}–${r.to.toFixed(1)}`;

type BucketRow = MatchReliability["rows"][number] & { label: string };
const COLUMNS: Column<BucketRow>[] = [
  { key: "match", header: "match", cell: (r) => r.label },
  { key: "suggested", header: "suggested", cell: (r) => r.shown },
  { key: "loaded", header: "loaded", cell: (r) => r.loaded },
  { key: "share", header: "share loaded", cell: (r) => pct(r.share) },
];

/** The Decisions page's reliability table from the agents' own loads: what a match has meant on this user's skills. */
export function ReliabilitySection({ reliability }: { reliability: MatchReliability }) {
  if (reliability.shown === 0) {
    return (
      <p className="muted" data-testid="reliability-empty">
        No suggestion in this range went to an agent that reports loads, so there is nothing to check a match against yet. The Hermes plugin and the Claude Code
        hook report loads; another agent can send them to <code>POST /api/feedback</code>.
      </p>
    );
  }
  const buckets = reliability.rows.map((r) => ({
    label: bucketLabel(r),
    loadedPct: r.share === null ? null : Math.round(r.share * 100),
    expectedPct: Math.round(((r.from + r.to) / 2) * 100),
  }));
  return (
    <>
      <p className="muted">
        Of the judge&apos;s suggestions to agents that report loads, how many were loaded, by their match. A calibrated match of 0.7 is right about 7 times in
        10; an agent can skip a right skill, so the share loaded is a floor. Suggestions of the last minutes are left out until a load can no longer be credited
        to them.
      </p>
      <ReliabilityChart buckets={buckets} />
      <DataTable
        columns={COLUMNS}
        rows={reliability.rows.map((r) => ({ ...r, label: bucketLabel(r) }))}
        rowKey={(r) => r.label}
        rowTestId={(r) => `reliability-${r.label}`}
        testId="reliability"
        compact
      />
    </>
  );
}
