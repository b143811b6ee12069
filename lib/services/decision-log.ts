import type { Db } from "../../db/client";
import { insertDecision } from "../../db/queries/decisions";
import { insertSuggestions } from "../../db/queries/suggestions";
import type { Decision } from "../engine/pick-skill";
import { utcDay } from "../time";
import { noteShown } from "./suggestion-history";

/** The decision row and its suggestion rows, in one transaction. */
export function logDecision(db: Db, decision: Decision, sessionId: string | undefined, judgeKind: string, channel: "api" | "cli", at: number): void {
  const r = decision.record;
  try {
    db.transaction(() => {
      // better-sqlite3 runs the transaction on the one connection, so the prepared insert joins it.
      const decisionId = insertDecision(db, {
        at,
        day: utcDay(at),
        status: r.status,
        outcome: r.outcome,
        reasonCode: r.reasonCode,
        needsSkill: r.needsSkill,
        latencyMs: r.latencyMs,
        requests: r.requests,
        catalogSize: r.catalogSize,
        skillsReturned: r.skillsReturned,
        skillsDropped: r.skillsDropped,
        judge: judgeKind,
        channel,
      });
      insertSuggestions(db, r.suggested.map((skill) => ({ decisionId, at, sessionId: sessionId ?? null, skill })));
    });
    noteShown(db, r.suggested, at);
  } catch {
    // The agent's answer matters more than the log row; say so without the raw message.
    console.error("[jev] could not write the decision log row");
  }
}
