import type { Db } from "../../../db/client";
import { inTransaction } from "../../../db/dialect";
import { type DecisionWrite, writeDecision, writeDecisions } from "../../../db/queries/decision-batch";
import { forgetSkillRefs } from "../../../db/queries/decision-candidates";
import { noteShown } from "../../../db/queries/shown-history";
import { getOrCreate, processWide } from "../../collections";
import type { Decision } from "../../engine/pick-skill";
import { utcDay } from "../../time";

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

interface Pending {
  decision: Decision;
  ctx: DecisionContext;
  resolve: (id: number | null) => void;
}

/** Decisions waiting for this event-loop turn's write, per database. */
const queues = processWide("jev.decisionLogQueues", () => new Map<string, Pending[]>());

/**
 * Log a decision: its row, its candidates and its suggestion row. Decisions
 * made in the same event-loop turn are written in one transaction (group
 * commit): under concurrent load a commit costs as much as the rows, and
 * nothing can read the log between the reply and this write, since an agent's
 * next request arrives in a later turn. Resolves with the decision's id, or
 * null when it could not be written (the agent's answer matters more).
 */
export function logDecision(db: Db, decision: Decision, ctx: DecisionContext): Promise<number | null> {
  return new Promise((resolve) => {
    const queue = getOrCreate(queues, db.jev.key, () => {
      setImmediate(() => void flush(db));
      return [];
    });
    queue.push({ decision, ctx, resolve });
  });
}

async function flush(db: Db): Promise<void> {
  const queue = queues.get(db.jev.key) ?? [];
  queues.delete(db.jev.key);
  let ids: (number | null)[];
  try {
    ids = await inTransaction(db, async (tx) => {
      return writeDecisions(
        tx,
        queue.map((p) => toWrite(p.decision, p.ctx)),
      );
    });
  } catch {
    // One row that cannot be written must not lose the others: write them one by one.
    forgetSkillRefs(db);
    ids = [];
    for (const p of queue) {
      try {
        ids.push(await inTransaction(db, (tx) => writeDecision(tx, toWrite(p.decision, p.ctx))));
      } catch {
        forgetSkillRefs(db);
        // Say so without the raw message (it could carry paths or SQL).
        console.error("[jev] could not write a decision log row");
        ids.push(null);
      }
    }
  }
  queue.forEach((p, i) => {
    const suggested = p.decision.record.suggested;
    if (ids[i] !== null && suggested && p.ctx.reportsLoads) noteShown(db, suggested.name, p.ctx.at);
    p.resolve(ids[i]);
  });
}

/** What the log keeps of a decision: its row, its candidates and its suggestion (no turn text). */
function toWrite(decision: Decision, ctx: DecisionContext): DecisionWrite {
  const r = decision.record;
  return {
    row: {
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
      connections: r.connections,
      merged: r.merged,
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
      suggestedVia: r.suggestedVia,
    },
    candidates: r.candidates.map((c) => ({
      name: c.name,
      path: c.path,
      score: c.score,
      match: c.match,
      verdict: c.verdict,
      detail: c.detail ? JSON.stringify(c.detail) : null,
    })),
    suggestion: r.suggested ? { skill: r.suggested.name, reportsLoads: ctx.reportsLoads } : null,
  };
}
