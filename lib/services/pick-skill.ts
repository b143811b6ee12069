import { performance } from "node:perf_hooks";
import type { Db } from "../../db/client";
import { loadedInSession } from "../../db/queries/suggestions";
import { discover } from "../catalog/discover";
import { resolveHermesHome } from "../catalog/expand-path";
import { failOpenDecision, pickSkill, type Decision } from "../engine/pick-skill";
import { verifyOnDisk } from "../catalog/verify-on-disk";
import { getJudge, judgeFromEnv } from "../judges/create-judge";
import { judgeSuggestion } from "../rules/suggestion-rules";
import { catalogSource, metaSkillsFromEnv } from "./catalog-source";
import { logDecision } from "./decision-log";
import { liveRules } from "./engine-state";
import { shownHistory } from "./suggestion-history";

export interface PickRequest {
  turn: string;
  sessionId?: string;
  /** Replace the default roots entirely. */
  roots?: string[];
  /** Skills already loaded in this session: never suggested again. */
  loaded?: string[];
  /** Names the agent's loader knows: nothing else is returned. */
  loadable?: string[];
  /** The agent being served; `hermes` keeps its working directory's ./skills out. */
  agent?: string;
}

export interface PickContext {
  channel: "api" | "cli";
  env?: NodeJS.ProcessEnv;
  /** Where decision rows go; omitted when there is no database to write. */
  db?: Db;
  clock?: () => number;
}

const loggedDropped = new Set<string>();

/** Names beyond the cap are logged once per process (selection spec §4). */
function logDroppedOnce(names: readonly string[]): void {
  const fresh = names.filter((n) => !loggedDropped.has(n));
  if (fresh.length === 0) return;
  fresh.forEach((n) => loggedDropped.add(n));
  console.warn(`[jev] catalog over the 960-skill cap; not ranked: ${fresh.join(", ")}`);
}

/**
 * The suggestion rules of selection spec §7 as a filter on candidate names:
 * rule 1 from the request's `loaded` list and the session's reported loads,
 * rule 2 from the shown-suggestion history. Evaluated only for the few
 * finalists the engine considers.
 */
function ruleFilter(request: PickRequest, ctx: PickContext, now: number, env: NodeJS.ProcessEnv): (name: string) => boolean {
  const rules = liveRules(resolveHermesHome(undefined, env));
  const sessionLoaded = new Set(request.loaded ?? []);
  if (ctx.db && request.sessionId) for (const s of loadedInSession(ctx.db, request.sessionId)) sessionLoaded.add(s);
  let history: ReturnType<typeof shownHistory> | null = null;
  return (name) => {
    if (ctx.db && !history) history = shownHistory(ctx.db, now, rules);
    return judgeSuggestion(name, { sessionLoaded, history: history?.get(name) ?? [], now, rules }) !== "show";
  };
}

let warnedJudge = false;

/** A misconfigured judge is "the judge was not asked": fail open, and say why once per process. */
function misconfiguredJudge(problem: string): Decision {
  if (!warnedJudge) console.error(`[jev] ${problem}; every selection fails open until it is fixed`);
  warnedJudge = true;
  return failOpenDecision("other");
}

/** One served decision: rank, apply the suggestion rules, reply, and log it. */
export async function pickSkillService(request: PickRequest, ctx: PickContext): Promise<Decision> {
  const env = ctx.env ?? process.env;
  const now = (ctx.clock ?? Date.now)();
  const judgeChoice = judgeFromEnv(env);
  if ("problem" in judgeChoice) {
    const decision = misconfiguredJudge(judgeChoice.problem);
    if (ctx.db) logDecision(ctx.db, decision, request.sessionId, env.JEV_JUDGE ?? "local", ctx.channel, now);
    return decision;
  }
  const judgeKind = judgeChoice.kind;
  const { roots, disabled } = catalogSource(request, env);
  const catalog = discover(roots, { disabled }).skills;
  const decision = await pickSkill(
    { turn: request.turn, loadable: request.loadable, exclude: ruleFilter(request, ctx, now, env) },
    {
      catalog,
      judge: getJudge(judgeKind),
      verify: verifyOnDisk,
      metaSkills: metaSkillsFromEnv(env),
      now: () => performance.now(),
      onDropped: logDroppedOnce,
    },
  );
  if (ctx.db) logDecision(ctx.db, decision, request.sessionId, judgeKind, ctx.channel, now);
  return decision;
}
