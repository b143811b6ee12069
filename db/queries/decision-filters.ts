import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { type DecisionOutcome, type DecisionStatus, type ReasonCode, UNKNOWN_REASON } from "../../lib/vocab/reason-codes";
import { decisionCandidates, decisions, skillRefs } from "../schema";

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
  session?: string;
}

export function decisionWhere(f: DecisionFilter): SQL {
  const clauses: SQL[] = [gte(decisions.at, f.from), lt(decisions.at, f.to)];
  if (f.status) clauses.push(eq(decisions.status, f.status));
  if (f.outcome) clauses.push(eq(decisions.outcome, f.outcome));
  if (f.reason === UNKNOWN_REASON) clauses.push(and(eq(decisions.status, "fail_open"), sql`${decisions.reasonCode} is null`)!);
  else if (f.reason) clauses.push(eq(decisions.reasonCode, f.reason));
  if (f.session) clauses.push(eq(decisions.sessionId, f.session));
  if (f.skill) {
    // Candidate rows are keyed by (decision, rank): a lookup per decision walked, no scan.
    clauses.push(sql`exists (select 1 from ${decisionCandidates} where ${decisionCandidates.decisionId} = ${decisions.id}
      and ${decisionCandidates.skillRefId} in (select ${skillRefs.id} from ${skillRefs} where ${skillRefs.name} = ${f.skill}))`);
  }
  return and(...clauses)!;
}
