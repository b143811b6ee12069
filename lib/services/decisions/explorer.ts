import { type CandidateRow, candidatesOf } from "../../../db/queries/decision-candidates";
import { type DecisionCursor, type DecisionRow, getDecisionRow, listDecisions, sessionDecisions, sessionFeedback } from "../../../db/queries/decision-list";
import { JevError } from "../../base/errors";
import type { DecisionChannel } from "../../vocab/channels";
import { type DecisionOutcome, type ReasonCode, UNKNOWN_REASON } from "../../vocab/reason-codes";
import type { SuggestionVia } from "../../vocab/suggestion-via";
import type { CandidateVerdict } from "../../vocab/verdicts";
import type { DbCtx } from "../context";
import { resolveRange } from "./summary";

/** One decision as the API and the pages show it in a list: no turn text, ever. */
export interface DecisionListItem {
  id: number;
  at: string;
  session: string | null;
  agent: string | null;
  channel: string;
  judge: string;
  status: "ok" | "fail_open";
  outcome: DecisionOutcome;
  /** The fail-open reason code, `unknown` for old rows without one, null on success. */
  reason: ReasonCode | typeof UNKNOWN_REASON | null;
  needs_skill: number | null;
  /** `via` is set when the domain-entry step chose it rather than the judge. */
  suggested: { name: string; match: number; via?: SuggestionVia } | null;
  /** The three best candidates with their verdicts. */
  top: { name: string; score: number; match: number | null; verdict: CandidateVerdict }[];
  latency_ms: number;
  reports_loads: boolean;
}

export interface DecisionDetail extends DecisionListItem {
  timings: { total_ms: number; stage_one_ms: number | null; stage_two_ms: number | null };
  requests: number;
  /** Connections a remote judge opened while the turn asked (shared with turns asking at the same time). */
  connections: number;
  /** Routing's questions rode in this turn's stage-1 request. */
  merged: boolean;
  catalog_size: number;
  skills_returned: number;
  skills_dropped: number;
  candidates: { name: string; path: string; score: number; match: number | null; verdict: CandidateVerdict; detail?: Record<string, unknown> }[];
  /** What this decision's session reported (loads and rejections), oldest first. */
  feedback: { at: string; skill: string; event: string }[];
}

export interface DecisionQuery {
  from?: string;
  to?: string;
  outcome?: DecisionOutcome;
  reason?: ReasonCode | typeof UNKNOWN_REASON;
  skill?: string;
  session?: string;
  channel?: DecisionChannel;
  cursor?: string;
  limit?: number;
}

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
const TOP_IN_LIST = 3;

export function encodeCursor(c: DecisionCursor): string {
  return Buffer.from(`${c.at}.${c.id}`).toString("base64url");
}

export function decodeCursor(raw: string): DecisionCursor {
  const m = /^(\d{1,16})\.(\d{1,16})$/.exec(Buffer.from(raw, "base64url").toString("latin1"));
  if (!m) throw new JevError("bad_request", "cursor: not a cursor this API returned", "cursor");
  return { at: Number(m[1]), id: Number(m[2]) };
}

function round3(x: number | null): number | null {
  return x === null ? null : Math.round(x * 1000) / 1000;
}

function toItem(row: DecisionRow, candidates: readonly CandidateRow[]): DecisionListItem {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    session: row.sessionId,
    agent: row.agent,
    channel: row.channel,
    judge: row.judge,
    status: row.status,
    outcome: row.outcome,
    reason: row.status === "fail_open" ? (row.reasonCode ?? UNKNOWN_REASON) : null,
    needs_skill: round3(row.needsSkill),
    suggested: row.suggestedSkill
      ? { name: row.suggestedSkill, match: round3(row.suggestedMatch) ?? 0, ...(row.suggestedVia ? { via: row.suggestedVia } : {}) }
      : null,
    top: candidates.slice(0, TOP_IN_LIST).map((c) => ({ name: c.name, score: round3(c.score)!, match: round3(c.match), verdict: c.verdict })),
    latency_ms: row.latencyMs,
    reports_loads: row.reportsLoads,
  };
}

/** `GET /api/decisions`: one page, newest first, with the cursor of the next page. */
export async function decisionPage(
  ctx: DbCtx,
  query: DecisionQuery,
): Promise<{ decisions: DecisionListItem[]; next_cursor: string | null; from: string; to: string }> {
  const { db } = ctx;
  const { from, to } = resolveRange(query, ctx.clock());
  const limit = query.limit ?? DEFAULT_PAGE;
  const { from: _f, to: _t, cursor, limit: _l, ...filters } = query;
  const page = await listDecisions(db, { from, to, ...filters, cursor: cursor ? decodeCursor(cursor) : undefined, limit });
  const candidates = await candidatesOf(
    db,
    page.rows.map((r) => r.id),
    TOP_IN_LIST,
  );
  return {
    decisions: page.rows.map((r) => toItem(r, candidates.get(r.id) ?? [])),
    next_cursor: page.next ? encodeCursor(page.next) : null,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
}

/** How many feedback events of a session the detail shows. */
const FEEDBACK_SHOWN = 200;

/** `GET /api/decisions/:id`: the decision with every candidate and its verdict. */
export async function decisionDetail(ctx: DbCtx, input: { id: number }): Promise<DecisionDetail> {
  const { db } = ctx;
  const { id } = input;
  const row = await getDecisionRow(db, id);
  if (!row) throw new JevError("not_found", `no decision ${id}`);
  const candidates = (await candidatesOf(db, [id])).get(id) ?? [];
  return {
    ...toItem(row, candidates),
    timings: { total_ms: row.latencyMs, stage_one_ms: row.stageOneMs, stage_two_ms: row.stageTwoMs },
    requests: row.requests,
    connections: row.connections,
    merged: row.merged,
    catalog_size: row.catalogSize,
    skills_returned: row.skillsReturned,
    skills_dropped: row.skillsDropped,
    candidates: candidates.map((c) => ({
      name: c.name,
      path: c.path,
      score: round3(c.score)!,
      match: round3(c.match),
      verdict: c.verdict,
      ...(c.detail ? { detail: JSON.parse(c.detail) as Record<string, unknown> } : {}),
    })),
    feedback: row.sessionId ? (await sessionFeedback(db, row.sessionId, FEEDBACK_SHOWN)).map((f) => ({ ...f, at: new Date(f.at).toISOString() })) : [],
  };
}

/** Turns of a session the session view shows at most. */
export const SESSION_TURNS_SHOWN = 500;

/** The turns of one session in order, with what was suggested and what the agent reported. */
export async function sessionTimeline(ctx: DbCtx, input: { session: string }) {
  const { db } = ctx;
  const sessionId = input.session;
  const rows = await sessionDecisions(db, sessionId, SESSION_TURNS_SHOWN);
  const candidates = await candidatesOf(
    db,
    rows.map((r) => r.id),
    TOP_IN_LIST,
  );
  return {
    session: sessionId,
    decisions: rows.map((r) => toItem(r, candidates.get(r.id) ?? [])),
    feedback: (await sessionFeedback(db, sessionId, SESSION_TURNS_SHOWN)).map((f) => ({ ...f, at: new Date(f.at).toISOString() })),
  };
}
