import { type DecisionSummary, summarizeDecisions } from "../../../db/queries/decisions";
import { type JudgeWork, summarizeJudgeWork } from "../../../db/queries/judge-work";
import { JevError } from "../../base/errors";
import { DAY_MS, isLoggableInstant, LATEST_LOG_MS, LOG_YEARS_TEXT, utcDay } from "../../base/time";
import type { DecisionChannel } from "../../vocab/channels";
import type { DecisionOutcome, DecisionStatus, ReasonCode, UNKNOWN_REASON } from "../../vocab/reason-codes";
import type { DbCtx } from "../context";

export interface SummaryRange {
  from?: string;
  to?: string;
  status?: DecisionStatus;
  outcome?: DecisionOutcome;
  reason?: ReasonCode | typeof UNKNOWN_REASON;
  skill?: string;
  session?: string;
  channel?: DecisionChannel;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Default window when no range is given. */
export const DEFAULT_RANGE_DAYS = 7;

/** Resolve `from`/`to` (UTC days, `to` inclusive, or ISO instants) to [from, to) epoch ms. */
export function resolveRange(range: { from?: string; to?: string }, now: number = Date.now()): { from: number; to: number } {
  const to = range.to ? Date.parse(range.to) + (DAY.test(range.to) ? DAY_MS : 0) : Date.parse(utcDay(now)) + DAY_MS;
  const from = range.from ? Date.parse(range.from) : to - DEFAULT_RANGE_DAYS * DAY_MS;
  for (const [field, value] of [
    ["to", to],
    ["from", from],
  ] as const) {
    // `to` is checked before `from` is derived from it, and the exclusive end of 2100-12-31 is allowed.
    if (!(isLoggableInstant(value) || value === LATEST_LOG_MS)) throw new JevError("bad_request", `${field}: must be ${LOG_YEARS_TEXT}`, field);
  }
  if (from >= to) throw new JevError("bad_request", "from: must be before to", "from");
  return { from, to };
}

export async function decisionSummary(ctx: DbCtx, range: SummaryRange): Promise<DecisionSummary & { from: string; to: string; judge: JudgeWork }> {
  const { db } = ctx;
  const { from, to } = resolveRange(range, ctx.clock());
  const summary = await summarizeDecisions(db, {
    from,
    to,
    status: range.status,
    outcome: range.outcome,
    reason: range.reason,
    skill: range.skill,
    session: range.session,
    channel: range.channel,
  });
  const judge = await summarizeJudgeWork(db, { from, to, skill: range.skill, session: range.session });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...summary, judge };
}
