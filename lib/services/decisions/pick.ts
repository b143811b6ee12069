import { performance } from "node:perf_hooks";
import type { Db } from "../../../db/client";
import { sessionSuggested } from "../../../db/queries/suggestions";
import { isPending } from "../../base/maybe-promise";
import { processWide } from "../../base/process-state";
import { discover } from "../../catalog/discover";
import { verifyOnDisk } from "../../catalog/verify-on-disk";
import { isWalkOverBudget, type WalkBudget } from "../../catalog/walk-budget";
import type { JevConfig } from "../../config";
import type { EntryInput } from "../../engine/domain-entry";
import { type Decision, failOpenDecision, pickSkill, switchedOffDecision } from "../../engine/pick-skill";
import { mergeRequestsOn } from "../../hermes/jev-state";
import { judgeFor, localRelevance } from "../../judges/create-judge";
import type { Judge } from "../../judges/types";
import { mayMerge, type RouteDecision, routeFrom, routeTurn } from "../../routing/route-turn";
import { type RoutingConfig, readRoutingConfig } from "../../routing/routing-config";
import type { RulesConfig } from "../../rules/config";
import { TurnAnalysis } from "../../text/turn-analysis";
import type { DecisionChannel } from "../../vocab/channels";
import { ensureDenseSide } from "../catalog/dense-setup";
import { catalogSource } from "../catalog/source";
import type { ServiceCtx } from "../context";
import { agentSwitchesForTurn } from "../rules/agent-switches";
import { liveRules } from "../rules/rule-settings";
import { logDecision } from "./internal/log";
import { SessionView } from "./internal/session-view";

export interface PickRequest {
  turn: string;
  sessionId?: string;
  /** Replace the default roots entirely. */
  roots?: string[];
  /** Skills already loaded in this session: never suggested again. */
  loaded?: string[];
  /** Names the agent's loader knows: nothing else is returned. */
  loadable?: string[];
  /** Names the agent hides from its model (Claude Code's skillOverrides `off`, `user-invocable-only`): never ranked. */
  hidden?: string[];
  /** The agent being served; `hermes` keeps its working directory's ./skills out. */
  agent?: string;
  /** The agent's platform (Hermes: `cli`, `telegram`, …): skills in its `skills.platform_disabled` list are never offered. */
  platform?: string;
  /** The client reports loads (`POST /api/feedback`), so rule 2 may count its suggestions. */
  feedback?: boolean;
  /** Also route the turn to a model tier (the reply's `route` block). */
  route?: boolean;
  /** Let routing's questions ride in skill selection's request (default: the state file's `merge_requests`, on). */
  mergeRequests?: boolean;
}

/** What one caller asks: the turn, and where it came from (the decision log's `channel`). */
export interface PickInput extends PickRequest {
  channel: DecisionChannel;
  /** How much this request may walk (default: WALK_LIMITS from now); tests pass a spent one. */
  walkBudget?: WalkBudget;
}

export interface ServedDecision extends Decision {
  /** Problems with the request the agent should hear about (e.g. a root that does not exist). */
  warnings: string[];
  /** The decision's id in the log, when it was written. */
  decisionId: number | null;
  /** The routing decision, when the request asked for one. */
  route?: RouteDecision;
}

/** Once per process, not per copy of this module (the front door bundles its own). */
const loggedDropped = processWide("jev.pickDroppedLogged", () => new Set<string>());

/** Names beyond a capped judge's limit are logged once per process (selection spec §4). */
function logDroppedOnce(names: readonly string[]): void {
  const fresh = names.filter((n) => !loggedDropped.has(n));
  if (fresh.length === 0) return;
  for (const n of fresh) loggedDropped.add(n);
  console.warn(`[jev] catalog over the judge's skill cap; not ranked: ${fresh.join(", ")}`);
}

/** The domain entry step's input, when the rules file configures entry skills; the session's suggestions are read only for a domain's turn. */
function entryInput(rules: RulesConfig, sessionLoaded: ReadonlySet<string>, db: Db | null, sessionId: string | undefined): EntryInput | undefined {
  if (Object.keys(rules.entry_skills).length === 0) return undefined;
  const sessionShown = new Set<string>();
  const loadSession = async () => {
    if (db && sessionId) for (const name of await sessionSuggested(db, sessionId)) sessionShown.add(name);
  };
  return { entries: rules.entry_skills, sessionLoaded, sessionShown, loadSession };
}

/** The live rules, with rule 2 off for an agent whose `skill_feedback` switch is off. */
function rulesFor(config: JevConfig, agentFeedback: "on" | "off" | undefined): RulesConfig {
  const rules = liveRules(config);
  return agentFeedback === "off" ? { ...rules, suppression: { ...rules.suppression, enabled: false } } : rules;
}

/**
 * Routing's decision for a served turn: from the merged request's answers
 * when it succeeded, else asked on its own, exactly as when the two run
 * separately (selection spec §9). A broken routing.json fails open.
 */
async function routeAfter(decision: Decision, turn: TurnAnalysis, judge: Judge | null, routing: RoutingConfig | { problem: string }): Promise<RouteDecision> {
  if ("problem" in routing) {
    warnOnce(`[jev] ${routing.problem}; routing fails open until it is fixed`);
    return { status: "fail_open", reason: "other", requests: 0 };
  }
  if (decision.routing) return routeFrom(decision.routing, "merged", routing);
  if (!judge) return { status: "fail_open", reason: "other", requests: 0 };
  return routeTurn(turn, judge, routing);
}

const warned = processWide("jev.pickWarned", () => new Set<string>());
function warnOnce(line: string): void {
  if (warned.has(line)) return;
  warned.add(line);
  console.error(line);
}

/** A misconfigured judge is "the judge was not asked": fail open, and say why once per process. */
function misconfiguredJudge(problem: string): Decision {
  warnOnce(`[jev] ${problem}; every selection fails open until it is fixed`);
  return failOpenDecision("other");
}

/** One served decision: rank, apply the suggestion rules, reply, and log it with its candidates. */
export async function servePickSkill(ctx: ServiceCtx<Db | null>, request: PickInput): Promise<ServedDecision> {
  const { config } = ctx;
  const now = ctx.clock();
  // When the turn began, on the process's own clock: a check of the database made since then is fresh enough for its reads.
  const began = performance.now();
  // Read once: the gate, the secret check, the redaction and the terms serve routing, domain entry and the engine.
  const turn = new TurnAnalysis(request.turn);
  // Agents without a Hermes home (Claude Code) keep their switches here: `skills` off means nothing is ranked.
  const askedSwitches = ctx.db ? agentSwitchesForTurn(ctx.db, request.agent, began) : null;
  const switches = isPending(askedSwitches) ? await askedSwitches : askedSwitches;
  if (switches?.skills === "off") return { ...switchedOffDecision(), warnings: [], decisionId: null };
  ensureDenseSide(config, ctx.db);
  const judge = "problem" in config.judge ? null : judgeFor(config.judge);
  const routing = request.route ? readRoutingConfig(config.hermesHome) : null;
  const rules = rulesFor(config, switches?.skill_feedback);
  const session = new SessionView(request, ctx.db, now, rules, began);
  const log = async (decision: Decision, judgeName: string, warnings: string[] = []): Promise<ServedDecision> => {
    const asked = session.clientReportsLoads();
    const reportsLoads = isPending(asked) ? await asked : asked;
    const decisionId = ctx.db
      ? await logDecision(ctx.db, decision, {
          sessionId: request.sessionId,
          agent: request.agent,
          reportsLoads,
          judge: judgeName,
          channel: request.channel,
          at: now,
        })
      : null;
    const route = routing ? await routeAfter(decision, turn, judge, routing) : undefined;
    return { ...decision, warnings, decisionId, route };
  };
  if ("problem" in config.judge || !judge)
    return log(misconfiguredJudge("problem" in config.judge ? config.judge.problem : "no judge"), "problem" in config.judge ? config.judge.raw : "none");

  const source = catalogSource(request, config, { checkRoots: request.channel === "api" });
  let catalog: Awaited<ReturnType<typeof discover>>["skills"];
  try {
    catalog = (await discover(source.roots, { disabled: source.disabled, fence: source.fence, budget: request.walkBudget })).skills;
    const hidden = new Set([...source.hiddenOnPlatform, ...(request.hidden ?? [])]);
    if (hidden.size > 0) catalog = catalog.filter((card) => !hidden.has(card.name));
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    // An incomplete catalog could hide the right skill: say nothing, and say why.
    return log(failOpenDecision("catalog_over_budget"), config.judge.kind, [...source.warnings, `${err.message}; catalog not ranked`]);
  }
  const mergeRouting =
    routing !== null && !("problem" in routing) && mayMerge(turn, judge, routing, request.mergeRequests ?? mergeRequestsOn(config.hermesHome));
  const decision = await pickSkill(
    {
      turn,
      loadable: request.loadable,
      rules: session.check,
      mergeRouting,
      entry: entryInput(rules, session.loaded, ctx.db, request.sessionId),
    },
    {
      catalog,
      judge,
      verify: verifyOnDisk,
      metaSkills: config.metaSkills,
      now: () => performance.now(),
      onDropped: logDroppedOnce,
      relevance: localRelevance,
    },
  );
  return log(decision, config.judge.kind, [...source.warnings, ...(decision.notes ?? []), ...whyHeldBack(decision)]);
}

/**
 * When rule 2 removed the skill that would have been suggested, one warning saying so: the agent
 * otherwise sees an empty list and cannot tell "nothing fits" from "held back" (the rest of the
 * reply keeps its exact bytes; `warnings` is the contract's additive field).
 */
function whyHeldBack(decision: Decision): string[] {
  if (decision.record.outcome !== "suppressed") return [];
  const held = decision.record.candidates.find((c) => c.verdict === "suppressed" && c.detail);
  if (!held?.detail) return [];
  const { suggestions, loads, retry_at } = held.detail;
  return [`'${held.name}' fits but is held back by rule 2 (suggested ${suggestions} times lately and loaded ${loads}); it is offered again from ${retry_at}`];
}
