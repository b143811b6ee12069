import { performance } from "node:perf_hooks";
import type { Db } from "../../db/client";
import { insertDecision } from "../../db/queries/decisions";
import { insertSuggestions, loadedInSession } from "../../db/queries/suggestions";
import { discover } from "../catalog/discover";
import { resolveHermesHome } from "../catalog/expand-path";
import { readHermesSkillsConfig } from "../catalog/hermes-config";
import { defaultRoots } from "../catalog/roots";
import { DEFAULT_META_SKILLS } from "../engine/limits";
import { pickSkill, type Decision } from "../engine/pick-skill";
import { verifyOnDisk } from "../engine/verify";
import { getJudge, judgeFromEnv } from "../judges/create-judge";
import { judgeSuggestion } from "../rules/suggestion-rules";
import { utcDay } from "../time";
import { liveRules } from "./engine-state";
import { noteShown, shownHistory } from "./suggestion-history";

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

/** `JEV_META_SKILLS` (comma-separated) or the default list. */
export function metaSkillsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const raw = env.JEV_META_SKILLS;
  if (raw === undefined) return [...DEFAULT_META_SKILLS];
  return raw.split(",").map((s) => s.trim()).filter(Boolean);
}

/** The roots and disabled names a request ranks (selection spec §1). */
export function catalogSource(request: Pick<PickRequest, "roots" | "agent">, env: NodeJS.ProcessEnv) {
  if (request.roots && request.roots.length > 0) return { roots: request.roots, disabled: [] as string[] };
  const hermesHome = resolveHermesHome(undefined, env);
  return {
    roots: defaultRoots({ hermesHome, env, servingHermes: request.agent === "hermes" }),
    disabled: readHermesSkillsConfig(hermesHome).disabled,
  };
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
  const reply = { status: "fail_open" as const, reason: "other" as const, skills: [] as [] };
  const record = { status: reply.status, outcome: "fail_open" as const, reasonCode: reply.reason, needsSkill: null, latencyMs: 0, requests: 0, catalogSize: 0, skillsReturned: 0, skillsDropped: 0, suggested: [] };
  return { reply, record, ranking: [] };
}

/** One served decision: rank, apply the suggestion rules, reply, and log it. */
export async function pickSkillService(request: PickRequest, ctx: PickContext): Promise<Decision> {
  const env = ctx.env ?? process.env;
  const now = (ctx.clock ?? Date.now)();
  const judgeChoice = judgeFromEnv(env);
  if ("problem" in judgeChoice) {
    const decision = misconfiguredJudge(judgeChoice.problem);
    if (ctx.db) logDecision(ctx.db, decision, request, env.JEV_JUDGE ?? "local", ctx.channel, now);
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
  if (ctx.db) logDecision(ctx.db, decision, request, judgeKind, ctx.channel, now);
  return decision;
}

/** The decision row and its suggestion rows, in one transaction. */
function logDecision(db: Db, decision: Decision, request: PickRequest, judgeKind: string, channel: PickContext["channel"], at: number): void {
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
      insertSuggestions(db, r.suggested.map((skill) => ({ decisionId, at, sessionId: request.sessionId ?? null, skill })));
    });
    noteShown(db, r.suggested, at);
  } catch {
    // The agent's answer matters more than the log row; say so without the raw message.
    console.error("[jev] could not write the decision log row");
  }
}
