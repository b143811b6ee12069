import Link from "next/link";
import { minuteText } from "@/lib/base/time";
import { OVERVIEW_RANGES, type OverviewDashboard } from "@/lib/services/overview";
import { Stat } from "../_components/stat";

const percent = (share: number | null) => (share === null ? null : `${Math.round(share * 100)}%`);

/** The range choice and the four headline figures with their daily trend; each leads to the decisions behind it. */
export function OverviewTiles({ o }: { o: OverviewDashboard }) {
  const range = `from=${o.fromDay}&to=${o.lastDay}`;
  return (
    <>
      <nav className="range-links" aria-label="Range">
        {OVERVIEW_RANGES.map((d) => (
          <Link key={d} href={d === 7 ? "/" : `/?days=${d}`} aria-current={d === o.days ? "true" : undefined}>
            {d} days
          </Link>
        ))}
        <span className="muted">
          {o.fromDay} to {o.lastDay} (UTC)
        </span>
      </nav>
      <div className="stats" data-testid="overview-tiles">
        <Stat label="turns" value={o.turns.value} trend={o.turns.trend} testId="tile-turns" href={`/decisions?${range}`} />
        <Stat
          label="suggestions"
          value={o.suggestions.value}
          trend={o.suggestions.trend}
          testId="tile-suggestions"
          href={`/decisions?${range}&outcome=suggested`}
        />
        <Stat
          label="load rate (agents that report loads)"
          value={percent(o.loadRate.value)}
          trend={o.loadRate.trend}
          trendLabel="share of suggestions loaded, per day"
          testId="tile-load-rate"
          href="/suppression"
        />
        <Stat label="fail-opens" value={o.failOpens.value} trend={o.failOpens.trend} testId="tile-fail-opens" href={`/decisions?${range}&outcome=fail_open`} />
        <Stat label="suppressed now (rule 2)" value={o.suppressedNow.length} testId="tile-suppressed" href="/suppression" />
        {o.curator && (
          <Stat
            label={"at" in o.curator.nextRun ? "next curator run (UTC)" : `curator: ${o.curator.nextRun.never}`}
            value={"at" in o.curator.nextRun ? minuteText(o.curator.nextRun.at) : "—"}
            testId="tile-curator"
            href="/curator"
          />
        )}
      </div>
    </>
  );
}
