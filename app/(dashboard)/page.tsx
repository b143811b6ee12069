import Link from "next/link";
import { liveCtx } from "@/lib/services/context";
import { overviewDashboard } from "@/lib/services/overview";
import { DemoButtons } from "./_components/demo-buttons";
import { EmptyState } from "./_components/kit/empty-state";
import { AgentsTable } from "./_overview/agents-table";
import { JudgeLine } from "./_overview/judge-line";
import { LeftOutRootsTable } from "./_overview/left-out-roots";
import { OverviewTiles } from "./_overview/overview-tiles";
import { parseOverviewDays } from "./_overview/search-params";
import { SkillFiguresPanel } from "./_overview/skill-figures";

export const dynamic = "force-dynamic";

/**
 * The answers first: turns, suggestions, load rate and fail-opens over the
 * chosen range with their trend; the skills most suggested and least loaded;
 * what rule 2 holds back now; the curator's next run; the agents seen; the
 * judge in use. The settings live beside what they change.
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const o = await overviewDashboard(liveCtx(), { days: parseOverviewDays(await searchParams) });
  return (
    <section>
      <h1>Overview</h1>
      <JudgeLine judge={o.judge} />
      {o.turns.value === 0 ? (
        <EmptyState testId="overview-empty" title={`No decisions in the last ${o.days} days.`}>
          <p>
            Point an agent at <code>POST /api/pick-skill</code> (bearer token from <code>JEV_API_TOKEN</code>, or <code>npx jev token</code>), or try{" "}
            <code>npx jev pick-skill --turn &quot;make a pdf&quot;</code>. To look around first, load a synthetic fortnight made by the real engine (
            <code>npm run demo</code> does the same):
          </p>
          <DemoButtons hasDemo={false} />
        </EmptyState>
      ) : (
        <>
          <p>
            {o.turns.value} decisions in the last {o.days} days. <Link href={`/decisions?from=${o.fromDay}&to=${o.lastDay}`}>Investigate them</Link>.
          </p>
          {o.hasDemo && (
            <EmptyState testId="demo-note" title="Some of these are demo data (sessions named demo-…).">
              <DemoButtons hasDemo />
            </EmptyState>
          )}
        </>
      )}
      <OverviewTiles o={o} />
      <h2>Skills</h2>
      <SkillFiguresPanel most={o.mostSuggested} least={o.leastLoaded} />
      <h2>Agents in the last 24 hours</h2>
      <AgentsTable agents={o.agents} />
      <LeftOutRootsTable roots={o.leftOutRoots} />
    </section>
  );
}
