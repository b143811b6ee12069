import type { Db } from "../../../../db/client";
import { inTransaction, isPostgres } from "../../../../db/dialect";
import { type DecisionWrite, writeDecision, writeDecisionGroup } from "../../../../db/queries/decision-batch";
import { forgetSkillRefs } from "../../../../db/queries/decision-candidates";
import { noteShown } from "../../../../db/queries/shown-history";
import { getOrCreate } from "../../../base/collections";
import { DEFAULT_GATHER_MS, GroupCommit } from "../../../base/group-commit";
import { errorAtMostEveryMinute } from "../../../base/log-once";
import { processWide } from "../../../base/process-state";
import { utcDay } from "../../../base/time";
import type { Decision } from "../../../engine/pick-skill";
import type { DecisionChannel } from "../../../vocab/channels";

/** Who asked, as the log keeps it (no turn text). */
export interface DecisionContext {
  sessionId?: string;
  agent?: string;
  /** The client reports loads: rule 2 may count this suggestion. */
  reportsLoads: boolean;
  judge: string;
  channel: DecisionChannel;
  at: number;
}

interface Logged {
  decision: Decision;
  ctx: DecisionContext;
}

/** One group-commit queue per database, process-wide (the front door's copy of this module and Next's share it). */
const queues = processWide("jev.decisionLogCommits", () => new Map<string, GroupCommit<Logged, number | null>>());

/**
 * Log a decision (its row, candidates and suggestion row) before the reply goes out; decisions made together
 * are written together (lib/base/group-commit.ts). Resolves with the decision's id, or null when it could not
 * be written (the agent's answer matters more).
 */
// On PostgreSQL, where each write is a round trip and a backend's wake-up, a write under load also waits a few
// ms for as many decisions as the last one had (at 16 clients: half the statements per turn). On SQLite a write
// is a few prepared statements in process, and holding replies back measured slower.
export function logDecision(db: Db, decision: Decision, ctx: DecisionContext): Promise<number | null> {
  const queue = getOrCreate(
    queues,
    db.jev.key,
    () => new GroupCommit<Logged, number | null>((batch) => writeBatch(db, batch), { gatherMs: isPostgres(db) ? DEFAULT_GATHER_MS : 0 }),
  );
  return queue.add({ decision, ctx });
}

async function writeBatch(db: Db, batch: Logged[]): Promise<(number | null)[]> {
  let ids: (number | null)[];
  try {
    ids = await writeDecisionGroup(
      db,
      batch.map((p) => toWrite(p.decision, p.ctx)),
    );
  } catch {
    // One row that cannot be written must not lose the others: write them one by one.
    forgetSkillRefs(db);
    ids = [];
    for (const p of batch) {
      try {
        ids.push(await inTransaction(db, (tx) => writeDecision(tx, toWrite(p.decision, p.ctx))));
      } catch {
        forgetSkillRefs(db);
        // Say so without the raw message (it could carry paths or SQL), at most once a minute: on a full disk every turn fails here.
        errorAtMostEveryMinute("[jev] could not write a decision log row");
        ids.push(null);
      }
    }
  }
  batch.forEach((p, i) => {
    const suggested = p.decision.record.suggested;
    if (ids[i] !== null && suggested && p.ctx.reportsLoads) noteShown(db, suggested.name, p.ctx.at);
  });
  return ids;
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
