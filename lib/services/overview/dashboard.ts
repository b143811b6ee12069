import { engineCountsSince, engineTotalsByDay } from "../../../db/queries/skill-activity";
import { DAY_MS, utcDay } from "../../base/time";
import { type JudgeInUse, judgeInUse } from "../catalog/judge-in-use";
import { type LeftOutRoot, leftOutRoots } from "../catalog/left-out-roots";
import type { ServiceCtx } from "../context";
import { curatorSchedule, type NextCuratorRun } from "../curator/overview";
import { decisionSummary } from "../decisions/summary";
import { hasDemoRows } from "../demo/seed";
import { type AgentOverview, agentsOverview } from "../rules/agent-switches";
import { suppressionView } from "../rules/suppression";

/** The ranges the Overview offers, in days ending today (UTC). */
export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** A headline figure over the range, and the same figure per UTC day (oldest first) for its trend line. */
export interface Tile {
  value: number | null;
  trend: (number | null)[];
}

export interface SkillFigures {
  skill: string;
  suggested: number;
  loaded: number;
}

export interface OverviewDashboard {
  days: OverviewRange;
  /** The UTC days covered, first and last. */
  fromDay: string;
  lastDay: string;
  turns: Tile;
  suggestions: Tile;
  /** Loads per suggestion shown to clients that report loads (null when none was shown). */
  loadRate: Tile;
  failOpens: Tile;
  mostSuggested: SkillFigures[];
  /** Skills shown at least LEAST_LOADED_MIN times, the lowest load share first. */
  leastLoaded: SkillFigures[];
  /** Skills rule 2 holds back now. */
  suppressedNow: string[];
  /** Null when there is no Hermes home. */
  curator: { nextRun: NextCuratorRun; lastRunAt: string | null } | null;
  agents: AgentOverview[];
  /** Roots agents sent that the server would not read, since it started (most recent first). */
  leftOutRoots: LeftOutRoot[];
  judge: JudgeInUse;
  hasDemo: boolean;
}

const TOP = 5;
/** Fewer showings than this say nothing about a skill's load share. */
export const LEAST_LOADED_MIN = 3;

/** Per-day values over the range's days, from rows keyed by UTC day text; missing days are zero. */
function series(dayTexts: string[], rows: { day: string; count: number }[]): number[] {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.count);
  return dayTexts.map((d) => byDay.get(d) ?? 0);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The Overview's answers for the last `days` days: turns, suggestions,
 * load rate and fail-opens with their daily trend; the skills most suggested
 * and least loaded; what rule 2 holds back now; the curator's next run; the
 * agents of the last 24 hours; the judge in use.
 */
export async function overviewDashboard(ctx: ServiceCtx, input: { days: OverviewRange }): Promise<OverviewDashboard> {
  const now = ctx.clock();
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - input.days + 1;
  const dayTexts = Array.from({ length: input.days }, (_, i) => utcDay((firstDay + i) * DAY_MS));
  const [summary, totals, counts, suppression, curator, agents, hasDemo] = await Promise.all([
    decisionSummary(ctx, { from: dayTexts[0], to: dayTexts.at(-1) }),
    engineTotalsByDay(ctx.db, firstDay),
    engineCountsSince(ctx.db, firstDay),
    suppressionView(ctx),
    Promise.resolve(curatorSchedule(ctx)),
    agentsOverview(ctx),
    hasDemoRows(ctx.db),
  ]);
  const turns = series(dayTexts, summary.byDay);
  const failOpens = series(
    dayTexts,
    summary.byDay.filter((d) => d.status === "fail_open"),
  );
  const suggested = series(
    dayTexts,
    summary.byDayOutcome.filter((d) => d.outcome === "suggested"),
  );
  const shownByDay = new Map(totals.map((t) => [t.day, t]));
  const rateTrend = dayTexts.map((_, i) => {
    const t = shownByDay.get(firstDay + i);
    return t && t.suggestions > 0 ? t.loads / t.suggestions : null;
  });
  const shown = sum(totals.map((t) => t.suggestions));
  const skills = [...counts].map(([skill, c]) => ({ skill, suggested: c.suggested, loaded: c.loaded })).filter((s) => s.suggested > 0);
  const byName = (a: SkillFigures, b: SkillFigures) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0);
  return {
    days: input.days,
    fromDay: dayTexts[0],
    lastDay: dayTexts.at(-1)!,
    turns: { value: summary.total, trend: turns },
    suggestions: { value: sum(suggested), trend: suggested },
    loadRate: { value: shown > 0 ? sum(totals.map((t) => t.loads)) / shown : null, trend: rateTrend },
    failOpens: { value: sum(failOpens), trend: failOpens },
    mostSuggested: [...skills].sort((a, b) => b.suggested - a.suggested || byName(a, b)).slice(0, TOP),
    leastLoaded: skills
      .filter((s) => s.suggested >= LEAST_LOADED_MIN)
      .sort((a, b) => a.loaded / a.suggested - b.loaded / b.suggested || b.suggested - a.suggested || byName(a, b))
      .slice(0, TOP),
    suppressedNow: suppression.skills.filter((s) => s.state === "suppressed").map((s) => s.skill),
    curator,
    agents,
    leftOutRoots: leftOutRoots(),
    judge: judgeInUse(ctx.config),
    hasDemo,
  };
}
