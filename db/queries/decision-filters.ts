import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { HOUR_MS } from "../../lib/base/time";
import type { DecisionChannel } from "../../lib/vocab/channels";
import { type DecisionOutcome, type DecisionStatus, type ReasonCode, UNKNOWN_REASON } from "../../lib/vocab/reason-codes";
import type { Db } from "../client";
import { noRow } from "../dialect";

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
  /** Where the decisions were asked from (the API, the CLI, an MCP client). */
  channel?: DecisionChannel;
}

/** The skill-ref ids of a name; none means no decision ever ranked it, so nothing needs walking. */
export async function skillRefIdsOf(db: Db, name: string): Promise<number[]> {
  const { skillRefs } = db.jev.t;
  return (await db.select({ id: skillRefs.id }).from(skillRefs).where(eq(skillRefs.name, name))).map((r) => r.id);
}

/** The hours in [from, to) in which any of these skill refs was a candidate, newest first. */
export async function skillHoursIn(db: Db, refIds: readonly number[], from: number, to: number): Promise<number[]> {
  if (refIds.length === 0) return [];
  const { skillHours } = db.jev.t;
  const rows = await db
    .selectDistinct({ hour: skillHours.hour })
    .from(skillHours)
    .where(and(inArray(skillHours.skillRefId, [...refIds]), gte(skillHours.hour, from - (from % HOUR_MS)), lt(skillHours.hour, to)))
    .orderBy(desc(skillHours.hour));
  return rows.map((r) => r.hour);
}

/** Resolve `skill` once per query; the filter's SQL then needs no subquery. */
export async function withSkillRefs<F extends DecisionFilter>(db: Db, f: F): Promise<F> {
  return f.skill && !f.skillRefIds ? { ...f, skillRefIds: await skillRefIdsOf(db, f.skill) } : f;
}

export function decisionWhere(db: Db, f: DecisionFilter): SQL {
  const { decisionCandidates, decisions } = db.jev.t;
  const clauses: SQL[] = [gte(decisions.at, f.from), lt(decisions.at, f.to)];
  if (f.status) clauses.push(eq(decisions.status, f.status));
  if (f.outcome) clauses.push(eq(decisions.outcome, f.outcome));
  if (f.reason === UNKNOWN_REASON) clauses.push(and(eq(decisions.status, "fail_open"), sql`${decisions.reasonCode} is null`)!);
  else if (f.reason) clauses.push(eq(decisions.reasonCode, f.reason));
  if (f.session) clauses.push(eq(decisions.sessionId, f.session));
  if (f.channel) clauses.push(eq(decisions.channel, f.channel));
  if (f.skill) {
    // Candidate rows are keyed by (decision, rank): a lookup per decision walked. No index by skill
    // (it tripled the cost of logging a decision); callers walk only the skill's hours (skillHoursIn).
    const ids = f.skillRefIds ?? [];
    clauses.push(
      ids.length
        ? sql`exists (select 1 from ${decisionCandidates} where ${decisionCandidates.decisionId} = ${decisions.id} and ${inArray(decisionCandidates.skillRefId, [...ids])})`
        : noRow,
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
export async function groupsOverRange<G>(
  db: Db,
  filter: DecisionFilter,
  fromRows: (f: DecisionFilter) => Promise<G[]>,
  fromRollups: (fromHour: number, toHour: number) => Promise<G[]>,
): Promise<G[]> {
  const f = await withSkillRefs(db, filter);
  if (f.skill) {
    const out: G[] = [];
    for (const h of await skillHoursIn(db, f.skillRefIds ?? [], f.from, f.to))
      out.push(...(await fromRows({ ...f, from: Math.max(f.from, h), to: Math.min(f.to, h + HOUR_MS) })));
    return out;
  }
  // The rollups are not kept per session or channel: those filters count rows.
  if (f.session || f.channel) return fromRows(f);
  const fromHour = Math.ceil(f.from / HOUR_MS) * HOUR_MS;
  const toHour = Math.floor(f.to / HOUR_MS) * HOUR_MS;
  if (fromHour >= toHour) return fromRows(f);
  return [...(await fromRows({ ...f, to: fromHour })), ...(await fromRollups(fromHour, toHour)), ...(await fromRows({ ...f, from: toHour }))];
}
