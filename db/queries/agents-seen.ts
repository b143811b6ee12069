import { count, countDistinct, gte, max } from "drizzle-orm";
import type { Db } from "../client";
import { anyTrue } from "../dialect";

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
export async function agentsSeen(db: Db, since: number): Promise<AgentSeen[]> {
  const { decisions } = db.jev.t;
  const rows = await db
    .select({
      agent: decisions.agent,
      sessions: countDistinct(decisions.sessionId),
      turns: count(),
      reportsLoads: anyTrue(db, decisions.reportsLoads),
      lastAt: max(decisions.at),
    })
    .from(decisions)
    .where(gte(decisions.at, since))
    .groupBy(decisions.agent);
  return rows.map((r) => ({ ...r, lastAt: Number(r.lastAt) })).sort((a, b) => b.turns - a.turns || b.lastAt - a.lastAt);
}
