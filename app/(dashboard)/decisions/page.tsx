import Link from "next/link";
import { JevError } from "@/lib/base/errors";
import { liveCtx } from "@/lib/services/context";
import { decisionPage, decisionSummary, matchReliability } from "@/lib/services/decisions";
import { CHANNEL_LABELS } from "@/lib/vocab/channels";
import { DECISION_OUTCOMES, OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { EmptyState } from "../_components/kit/empty-state";
import { OutcomeChart } from "../_components/outcome-chart";
import { ReasonTable } from "../_components/reason-table";
import { ReliabilitySection } from "../_components/reliability-section";
import { Stat } from "../_components/stat";
import { DecisionFilters } from "./client";
import { DecisionLog } from "./decision-log";
import { JudgeWork } from "./judge-work";
import { perDay } from "./per-day";
import { type DecisionsView, describeRange, parseDecisionsView, viewHref, viewRange } from "./search-params";

export const dynamic = "force-dynamic";

const PATH = "/decisions";

/** What the page shows for a view: the tiles and reasons ignore their own filter so they can switch it; the table applies all. */
async function readView(view: DecisionsView, now: number) {
  const ctx = liveCtx({ clock: () => now });
  const range = viewRange(view, now);
  const [summary, page, reliability] = await Promise.all([
    decisionSummary(ctx, { ...range, skill: view.skill, session: view.session, channel: view.channel }),
    decisionPage(ctx, {
      ...range,
      outcome: view.outcome,
      reason: view.reason,
      skill: view.skill,
      session: view.session,
      channel: view.channel,
      cursor: view.cursor,
    }),
    matchReliability(ctx, range),
  ]);
  return { summary, page, reliability };
}

/**
 * The decision log a user can investigate: counts by outcome and day, fail-open
 * reasons, and the decisions themselves, every filter in the URL. Tiles, bars
 * and reason rows are links that filter the table.
 */
export default async function DecisionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseDecisionsView(await searchParams);
  const now = Date.now();
  const href = (patch: Partial<DecisionsView>) => viewHref(PATH, view, patch);
  let loaded: Awaited<ReturnType<typeof readView>>;
  try {
    loaded = await readView(view, now);
  } catch (err) {
    if (!(err instanceof JevError && err.status < 500)) throw err; // the section's error.tsx
    return (
      <section>
        <h1>Decisions</h1>
        <p role="alert">{err.message}</p>
        <Link href={PATH}>Start over</Link>
      </section>
    );
  }
  const { summary, page, reliability } = loaded;
  const { fromDay, lastDay } = describeRange(summary.from, summary.to);
  const days = perDay(summary.byDayOutcome, summary.from, summary.to);
  const hrefForDay = Object.fromEntries(days.map((d) => [d.day, href({ from: d.day, to: d.day })]));
  const filtered = view.outcome || view.reason;

  return (
    <section>
      <h1>Decisions</h1>
      <DecisionFilters view={view} fromDay={fromDay} lastDay={lastDay} />

      {summary.total === 0 ? (
        <EmptyState
          testId="decisions-empty"
          title={`No decisions from ${fromDay} to ${lastDay} (UTC)${view.skill ? ` with ${view.skill} among the candidates` : ""}${view.session ? ` in session ${view.session}` : ""}${view.channel ? ` asked through ${CHANNEL_LABELS[view.channel]}` : ""}.`}
        >
          Decisions appear here when an agent calls <code>POST /api/pick-skill</code>, an MCP client calls <code>pick_skill</code>, or you run{" "}
          <code>npx jev pick-skill</code>. Widen the range or clear a filter if you expected some.
        </EmptyState>
      ) : (
        <>
          <nav className="stats" aria-label="Outcomes">
            <Stat label="decisions" value={summary.total} testId="total" href={href({ outcome: undefined, reason: undefined })} active={!filtered} />
            {DECISION_OUTCOMES.filter((o) => summary.byOutcome[o]).map((o) => (
              <Stat
                key={o}
                label={OUTCOME_LABELS[o]}
                value={summary.byOutcome[o]}
                testId={`outcome-${o}`}
                href={href({ outcome: view.outcome === o ? undefined : o, reason: undefined })}
                active={view.outcome === o}
              />
            ))}
          </nav>
          <h2>Per day, by outcome</h2>
          <OutcomeChart days={days} hrefForDay={hrefForDay} />
          <h2>Fail-open reasons</h2>
          <ReasonTable
            byReason={summary.byReason}
            hrefFor={(reason) => href({ reason: reason as DecisionsView["reason"], outcome: undefined })}
            active={view.reason}
          />
          <JudgeWork summary={summary} />

          <h2>What a match means on your skills</h2>
          <ReliabilitySection reliability={reliability} />

          <DecisionLog view={view} page={page} href={href} fromDay={fromDay} lastDay={lastDay} />
        </>
      )}
    </section>
  );
}
