import type { decisionSummary } from "@/lib/services/decisions";
import { JudgeChart } from "../_components/judge-chart";
import { Stat } from "../_components/stat";

type Summary = Awaited<ReturnType<typeof decisionSummary>>;

/** How long decisions took, and what the judge did for the turns that reached it. */
export function JudgeWork({ summary }: { summary: Summary }) {
  return (
    <>
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
    </>
  );
}
