import type { MatchReliability } from "@/lib/services/match-reliability";
import { ReliabilityChart } from "./reliability-chart";

const pct = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);

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
    label: `${r.from.toFixed(1)}–${r.to.toFixed(1)}`,
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
      <table className="compact" data-testid="reliability">
        <thead>
          <tr>
            <th>match</th>
            <th>suggested</th>
            <th>loaded</th>
            <th>share loaded</th>
          </tr>
        </thead>
        <tbody>
          {reliability.rows.map((r, k) => (
            <tr key={r.from} data-testid={`reliability-${buckets[k].label}`}>
              <td>{buckets[k].label}</td>
              <td>{r.shown}</td>
              <td>{r.loaded}</td>
              <td>{pct(r.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
