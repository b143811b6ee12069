import { gte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { decisions } from "../schema";

/** One agent's traffic over a window: sessions, turns, and whether it reports loads. */
export interface AgentSeen {
  /** The `agent` the client named, or null when it named none. */
  agent: string | null;
  sessions: number;
  turns: number;
  /** Some of its turns came from a client that reports loads (rule 2 counts its suggestions). */
  reportsLoads: boolean;
  lastAt: number;
}

/** The agents that asked since `since` (epoch ms), busiest first. Walks the decisions' time index. */
export function agentsSeen(db: Db, since: number): AgentSeen[] {
  return db
    .select({
      agent: decisions.agent,
      sessions: sql<number>`count(distinct ${decisions.sessionId})`,
      turns: sql<number>`count(*)`,
      reportsLoads: sql<number>`max(${decisions.reportsLoads})`,
      lastAt: sql<number>`max(${decisions.at})`,
    })
    .from(decisions)
    .where(gte(decisions.at, since))
    .groupBy(decisions.agent)
    .all()
    .map((r) => ({ ...r, reportsLoads: Boolean(r.reportsLoads) }))
    .sort((a, b) => b.turns - a.turns || b.lastAt - a.lastAt);
}
