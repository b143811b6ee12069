import type { Db } from "../../db/client";
import { insertCandidates } from "../../db/queries/decision-candidates";
import { insertDecision } from "../../db/queries/decisions";
import { insertSuggestion } from "../../db/queries/suggestions";
import type { Decision } from "../engine/pick-skill";
import { utcDay } from "../time";
import { noteShown } from "./suggestion-history";

/** Who asked, as the log keeps it (no turn text). */
export interface DecisionContext {
  sessionId?: string;
  agent?: string;
  /** The client reports loads: rule 2 may count this suggestion. */
  reportsLoads: boolean;
  judge: string;
  channel: "api" | "cli";
  at: number;
}

/** The decision row, its candidates and its suggestion row, in one transaction. */
export function logDecision(db: Db, decision: Decision, ctx: DecisionContext): number | null {
  const r = decision.record;
  try {
    const id = db.transaction(() => {
      // better-sqlite3 runs the transaction on the one connection, so the prepared inserts join it.
      const decisionId = insertDecision(db, {
        at: ctx.at,
        day: utcDay(ctx.at),
        status: r.status,
        outcome: r.outcome,
        reasonCode: r.reasonCode,
        needsSkill: r.needsSkill,
        latencyMs: r.latencyMs,
        stageOneMs: r.stageOneMs,
        stageTwoMs: r.stageTwoMs,
        requests: r.requests,
        catalogSize: r.catalogSize,
        skillsReturned: r.skillsReturned,
        skillsDropped: r.skillsDropped,
        judge: ctx.judge,
        channel: ctx.channel,
        sessionId: ctx.sessionId ?? null,
        agent: ctx.agent ?? null,
        reportsLoads: ctx.reportsLoads,
        suggestedSkill: r.suggested?.name ?? null,
        suggestedMatch: r.suggested?.match ?? null,
      });
      insertCandidates(
        db,
        decisionId,
        r.candidates.map((c) => ({
          name: c.name,
          path: c.path,
          score: c.score,
          match: c.match,
          verdict: c.verdict,
          detail: c.detail ? JSON.stringify(c.detail) : null,
        })),
      );
      if (r.suggested)
        insertSuggestion(db, { decisionId, at: ctx.at, sessionId: ctx.sessionId ?? null, skill: r.suggested.name, reportsLoads: ctx.reportsLoads });
      return decisionId;
    });
    if (r.suggested && ctx.reportsLoads) noteShown(db, r.suggested.name, ctx.at);
    return id;
  } catch {
    // The agent's answer matters more than the log row; say so without the raw message.
    console.error("[jev] could not write the decision log row");
    return null;
  }
}
