import { type AgentSeen, agentsSeen } from "../../../db/queries/agents-seen";
import { DAY_MS } from "../../base/time";
import { discover } from "../../catalog/discover";
import { defaultRootCandidates } from "../../catalog/roots";
import { isWalkOverBudget } from "../../catalog/walk-budget";
import { type JudgeInUse, judgeInUse } from "../catalog/judge-in-use";
import { type LeftOutRoot, leftOutRoots } from "../catalog/left-out-roots";
import { catalogSource } from "../catalog/source";
import type { ServiceCtx } from "../context";

/** What only the running server knows, for `jev doctor` (GET /api/doctor): never a turn, a token or a key. */
export interface ServerFacts {
  /** Skills in the default catalog, the roots they came from, and every folder looked in (in search order). */
  skills: number;
  roots: string[];
  lookedIn: string[];
  /** The default roots were over the walk budget: nothing could be counted. */
  overBudget: boolean;
  judge: JudgeInUse;
  /** Agents heard from within the retention window, the most recent first. */
  agents: Pick<AgentSeen, "agent" | "turns" | "lastAt">[];
  leftOutRoots: LeftOutRoot[];
}

export async function serverFacts(ctx: ServiceCtx): Promise<ServerFacts> {
  const { roots, disabled, fence } = catalogSource({}, ctx.config);
  let skills = 0;
  let overBudget = false;
  try {
    skills = (await discover(roots, { disabled, fence })).skills.length;
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    overBudget = true;
  }
  const seen = await agentsSeen(ctx.db, ctx.clock() - ctx.config.retentionDays * DAY_MS);
  return {
    skills,
    roots,
    lookedIn: defaultRootCandidates({ hermesHome: ctx.config.hermesHome, env: ctx.config.pathVars }),
    overBudget,
    judge: judgeInUse(ctx.config),
    agents: seen.map(({ agent, turns, lastAt }) => ({ agent, turns, lastAt })).sort((a, b) => b.lastAt - a.lastAt),
    leftOutRoots: leftOutRoots(),
  };
}
