import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { HOUR_MS } from "../../lib/time";
import { type DecisionOutcome, type DecisionStatus, type ReasonCode, UNKNOWN_REASON } from "../../lib/vocab/reason-codes";
import type { Db } from "../client";
import { decisionCandidates, decisions, skillHours, skillRefs } from "../schema";

/** What the decision queries filter on: one definition for the summary and the list. */
export interface DecisionFilter {
  /** Inclusive, epoch ms. */
  from: number;
  /** Exclusive, epoch ms. */
  to: number;
  status?: DecisionStatus;
  outcome?: DecisionOutcome;
  /** `unknown`: fail-open rows written before reason codes existed. */
  reason?: ReasonCode | typeof UNKNOWN_REASON;
  /** Decisions where this skill name was a candidate (suggested or not). */
  skill?: string;
  /** The ids `skill` is stored under (skillRefIdsOf); set by the query functions. */
  skillRefIds?: readonly number[];
  session?: string;
}

/** The skill-ref ids of a name; none means no decision ever ranked it, so nothing needs walking. */
export function skillRefIdsOf(db: Db, name: string): number[] {
  return db
    .select({ id: skillRefs.id })
    .from(skillRefs)
    .where(eq(skillRefs.name, name))
    .all()
    .map((r) => r.id);
}

/** The hours in [from, to) in which any of these skill refs was a candidate, newest first. */
export function skillHoursIn(db: Db, refIds: readonly number[], from: number, to: number): number[] {
  if (refIds.length === 0) return [];
  return db
    .selectDistinct({ hour: skillHours.hour })
    .from(skillHours)
    .where(and(inArray(skillHours.skillRefId, [...refIds]), gte(skillHours.hour, from - (from % HOUR_MS)), lt(skillHours.hour, to)))
    .orderBy(desc(skillHours.hour))
    .all()
    .map((r) => r.hour);
}

/** Resolve `skill` once per query; the filter's SQL then needs no subquery. */
export function withSkillRefs<F extends DecisionFilter>(db: Db, f: F): F {
  return f.skill && !f.skillRefIds ? { ...f, skillRefIds: skillRefIdsOf(db, f.skill) } : f;
}

export function decisionWhere(f: DecisionFilter): SQL {
  const clauses: SQL[] = [gte(decisions.at, f.from), lt(decisions.at, f.to)];
  if (f.status) clauses.push(eq(decisions.status, f.status));
  if (f.outcome) clauses.push(eq(decisions.outcome, f.outcome));
  if (f.reason === UNKNOWN_REASON) clauses.push(and(eq(decisions.status, "fail_open"), sql`${decisions.reasonCode} is null`)!);
  else if (f.reason) clauses.push(eq(decisions.reasonCode, f.reason));
  if (f.session) clauses.push(eq(decisions.sessionId, f.session));
  if (f.skill) {
    // Candidate rows are keyed by (decision, rank): a lookup per decision walked. No index by skill
    // (it tripled the cost of logging a decision); callers walk only the skill's hours (skillHoursIn).
    const ids = f.skillRefIds ?? [];
    clauses.push(
      ids.length
        ? sql`exists (select 1 from ${decisionCandidates} where ${decisionCandidates.decisionId} = ${decisions.id} and ${inArray(decisionCandidates.skillRefId, [...ids])})`
        : sql`0`,
    );
  }
  return and(...clauses)!;
}

/**
 * A range's groups, from wherever each part is cheapest to read: the whole
 * hours from the hourly rollups, the partial hours at either end from the
 * rows, and any skill or session filter (which the rollups do not have) from
 * the rows, a skill only in the hours it was ranked.
 */
export function groupsOverRange<G>(
  db: Db,
  filter: DecisionFilter,
  fromRows: (f: DecisionFilter) => G[],
  fromRollups: (fromHour: number, toHour: number) => G[],
): G[] {
  const f = withSkillRefs(db, filter);
  if (f.skill) {
    return skillHoursIn(db, f.skillRefIds ?? [], f.from, f.to).flatMap((h) => fromRows({ ...f, from: Math.max(f.from, h), to: Math.min(f.to, h + HOUR_MS) }));
  }
  if (f.session) return fromRows(f);
  const fromHour = Math.ceil(f.from / HOUR_MS) * HOUR_MS;
  const toHour = Math.floor(f.to / HOUR_MS) * HOUR_MS;
  if (fromHour >= toHour) return fromRows(f);
  return [...fromRows({ ...f, to: fromHour }), ...fromRollups(fromHour, toHour), ...fromRows({ ...f, from: toHour })];
}
