import { isPending, type MaybePromise } from "../base/maybe-promise";
import type { SkillCard } from "../catalog/types";
import { type Verifier, verifiedOnce } from "../catalog/verifier";
import { turnContext } from "../judges/turn-asking";
import type { Judge } from "../judges/types";
import type { RuleOutcome } from "../rules/suggestion-rules";
import { analyseTurn, type TurnAnalysis } from "../text/turn-analysis";
import { LIMITS, THRESHOLDS } from "../vocab/limits";
import type { DecisionOutcome, ReasonCode } from "../vocab/reason-codes";
import type { RouteAnswers } from "../vocab/route-questions";
import type { SuggestionVia } from "../vocab/suggestion-via";
import { type Candidate, judgeFinalists } from "./candidates";
import { domainsOf, type EntryInput, entryCandidateNames, entryHint } from "./domain-entry";
import { capCatalog, prepareCatalog } from "./prepare-catalog";
import type { PickReply, SkillSuggestion } from "./reply";
import { runStageOne, runStageTwo } from "./stages";

export interface PickInput {
  /** The turn, or its one reading when the caller analysed it already (routing shares it). */
  turn: string | TurnAnalysis;
  /** Names the caller's loader can open; when given, nothing outside it is returned. */
  loadable?: readonly string[];
  /**
   * The suggestion rules (already loaded, suppressed, or shown) for the names
   * the engine is about to check: one read of what those names need (rule 2's
   * windows), then a check per name. Names it was not given read as never shown.
   */
  rules?: (names: readonly string[]) => MaybePromise<(name: string) => RuleOutcome>;
  /** Ask routing's questions in the first stage-1 request (selection spec §9); the caller checked merging is allowed. */
  mergeRouting?: boolean;
  /** Domain entry skills (rules file) and what the session did: a domain's turn may be hinted without the judge. */
  entry?: EntryInput;
}

export interface PickDeps {
  /** The discovered catalog, in search order. */
  catalog: readonly SkillCard[];
  judge: Judge;
  verify: Verifier;
  metaSkills: readonly string[];
  /** Milliseconds, monotonic; injected so tests and replays control time. */
  now: () => number;
  /** Called with the names left out by a capped judge's limit (the caller logs them once). */
  onDropped?: (names: readonly string[]) => void;
  /**
   * How relevant each skill of the (meta-free) catalog is to the turn, by a
   * judge that costs nothing per request: a capped judge is sent the most
   * relevant. Null when it cannot say now (its index is building).
   */
  relevance?: (turn: string, skills: readonly SkillCard[]) => ArrayLike<number> | null;
}

/** What the decision log keeps of one decision: no turn text, ever. */
export interface DecisionRecord {
  status: PickReply["status"];
  outcome: DecisionOutcome;
  reasonCode: ReasonCode | null;
  needsSkill: number | null;
  latencyMs: number;
  stageOneMs: number | null;
  stageTwoMs: number | null;
  requests: number;
  /** Connections the judge opened while this turn asked (a remote judge; shared with turns asking at the same time). */
  connections: number;
  catalogSize: number;
  skillsReturned: number;
  skillsDropped: number;
  /** The one skill the agent is told to load (the first with match ≥ 0.5), or null. */
  suggested: SkillSuggestion | null;
  /** How the suggestion was chosen when the judge did not choose it (a domain entry hint). */
  suggestedVia: SuggestionVia | null;
  /** The ranked candidates, each with its verdict. */
  candidates: Candidate[];
  /** Routing's questions rode in this turn's stage-1 request. */
  merged: boolean;
}

export interface Decision {
  reply: PickReply;
  record: DecisionRecord;
  /** Routing's answers from the merged request, when it succeeded. */
  routing?: RouteAnswers;
  /** Paths of the best-ranked skills, final order, up to ten (for ranking metrics; never logged). */
  ranking: string[];
  /** How the judge answered when not the usual way (the local index was the previous one, or built while the turn waited): the reply's warnings. */
  notes?: string[];
}

interface Facts {
  merged: boolean;
  routing?: RouteAnswers;
  requests: number;
  connections: number;
  catalogSize: number;
  skillsDropped: number;
  latencyMs: number;
  stageOneMs: number | null;
  stageTwoMs: number | null;
  ranking: string[];
  suggested: SkillSuggestion | null;
  suggestedVia: SuggestionVia | null;
  candidates: Candidate[];
  notes?: string[];
}

const NO_FACTS: Facts = {
  merged: false,
  requests: 0,
  connections: 0,
  catalogSize: 0,
  skillsDropped: 0,
  latencyMs: 0,
  stageOneMs: null,
  stageTwoMs: null,
  ranking: [],
  suggested: null,
  suggestedVia: null,
  candidates: [],
};

/**
 * One decision: gate → privacy → catalog → stage 1 → stage 2 → verify and
 * rules → reply (selection spec §2–§7). Does no I/O of its own beyond what
 * `deps` does.
 */
export async function pickSkill(input: PickInput, deps: PickDeps): Promise<Decision> {
  const started = deps.now();
  const elapsed = () => Math.max(0, Math.round(deps.now() - started));

  const reading = analyseTurn(input.turn);
  if (reading.trivial) {
    return buildDecision({ status: "ok", needs_skill: 0, skills: [], latency_ms: 0, skipped: "trivial" }, "trivial", NO_FACTS);
  }
  if (reading.secret) {
    return buildDecision({ status: "fail_open", reason: "sensitive_turn", skills: [] }, "fail_open", { ...NO_FACTS, latencyMs: elapsed() });
  }
  const turn = reading.redacted;
  const verify = verifiedOnce(deps.verify);
  const ranked = prepareCatalog(deps.catalog, deps.metaSkills);
  const { skills, dropped } = capCatalog(ranked, deps.judge.maxSkills, () => deps.relevance?.(turn, ranked) ?? null);
  if (dropped.length > 0) deps.onDropped?.(dropped.map((s) => s.name));
  const facts: Facts = { ...NO_FACTS, catalogSize: skills.length, skillsDropped: dropped.length };
  const finish = (reply: PickReply, outcome: DecisionOutcome) => buildDecision(reply, outcome, { ...facts, latencyMs: elapsed() });
  if (skills.length === 0) return finish({ status: "fail_open", reason: "no_skills", skills: [] }, "fail_open");
  // A configured domain's turn: its entry skill (or, later in the session, a related one), without asking the judge.
  const domains = input.entry ? domainsOf(reading, input.entry.entries) : [];
  if (domains.length) await input.entry?.loadSession?.();
  const askedEntryRules = input.entry && input.rules ? input.rules(entryCandidateNames(domains, ranked)) : undefined;
  const entryRules = isPending(askedEntryRules) ? await askedEntryRules : askedEntryRules;
  const hint = input.entry ? entryHint(reading, domains, ranked, input.entry, { verify, loadable: input.loadable, rules: entryRules }) : null;
  if (hint) {
    Object.assign(facts, { suggested: hint.suggestion, suggestedVia: hint.via, candidates: [hint.candidate] });
    return finish({ status: "ok", needs_skill: 1, skills: [hint.suggestion], latency_ms: elapsed(), via: hint.via }, "suggested");
  }
  const catalog = { skills };
  const asking = turnContext(deps.judge);
  const settle = (fallbackRequests: number) => {
    facts.requests = deps.judge.metered ? asking.meter.requests : fallbackRequests;
    facts.connections = asking.meter.connections;
  };

  const stageOneStart = deps.now();
  facts.merged = input.mergeRouting === true && deps.judge.route !== undefined;
  // An in-process judge answers in this turn: no promise for it (see JudgeAnswer).
  const askedOne = runStageOne(deps.judge, turn, catalog, asking, facts.merged);
  const one = isPending(askedOne) ? await askedOne : askedOne;
  facts.stageOneMs = Math.round(deps.now() - stageOneStart);
  if (!one.ok) {
    settle(stageOneRequests(skills.length));
    // The turn's deadline still bounds the batches finishing behind the reply; it ends when they have.
    if (one.draining) void one.draining.finally(asking.done);
    else asking.done();
    return finish({ status: "fail_open", reason: one.reason, skills: [] }, "fail_open");
  }
  settle(one.requests);
  facts.routing = one.routing;
  if (one.note) facts.notes = [one.note];
  const stageOneScore = new Map(one.topTen.map((c) => [c.index, c.score]));
  facts.ranking = one.topTen.map((c) => skills[c.index].path);
  if (one.best < THRESHOLDS.stageOneFloor) {
    facts.candidates = one.topTen.map(({ index, score }) => ({
      name: skills[index].name,
      path: skills[index].path,
      score,
      match: null,
      verdict: "not_finalist",
    }));
    asking.done();
    return finish({ status: "ok", needs_skill: 0, skills: [], latency_ms: elapsed() }, "nothing_fits");
  }

  const stageTwoStart = deps.now();
  const askedTwo = runStageTwo(deps.judge, turn, catalog, one.finalists, asking);
  const two = isPending(askedTwo) ? await askedTwo : askedTwo;
  facts.stageTwoMs = Math.round(deps.now() - stageTwoStart);
  settle(one.requests + 1);
  asking.done();
  if (!two.ok) return finish({ status: "fail_open", reason: two.reason, skills: [] }, "fail_open");
  let finalistRules: ((name: string) => RuleOutcome) | undefined;
  if (input.rules) {
    const names = two.judged.filter((j) => j.match >= THRESHOLDS.minShownMatch).map((j) => verify(skills[j.index]));
    const asked = input.rules(names.filter((n): n is string => n !== null));
    finalistRules = isPending(asked) ? await asked : asked;
  }
  const judgedOrder = two.judged.map((j) => j.index);
  const others = one.topTen.map((c) => c.index).filter((i) => !judgedOrder.includes(i));
  facts.ranking = [...judgedOrder, ...others].map((i) => skills[i].path);
  const result = judgeFinalists(skills, two.judged, stageOneScore, others, {
    verify,
    loadable: input.loadable,
    rules: finalistRules,
    needsSkill: two.needsSkill,
    offer: two.offer,
  });
  facts.candidates = result.candidates;
  facts.suggested = result.suggested;
  return finish({ status: "ok", needs_skill: two.needsSkill, skills: result.listed, latency_ms: elapsed() }, result.outcome);
}

/** A reply with the log record that describes it; the one place records are built. */
function buildDecision(reply: PickReply, outcome: DecisionOutcome, facts: Facts): Decision {
  if (facts.skillsDropped > 0) reply.skills_dropped = facts.skillsDropped;
  return {
    reply,
    ranking: facts.ranking,
    routing: facts.routing,
    ...(facts.notes ? { notes: facts.notes } : {}),
    record: {
      merged: facts.merged,
      status: reply.status,
      outcome,
      reasonCode: reply.status === "fail_open" ? reply.reason : null,
      needsSkill: reply.status === "ok" ? reply.needs_skill : null,
      latencyMs: reply.status === "ok" ? reply.latency_ms : facts.latencyMs,
      stageOneMs: facts.stageOneMs,
      stageTwoMs: facts.stageTwoMs,
      requests: facts.requests,
      connections: facts.connections,
      catalogSize: facts.catalogSize,
      skillsReturned: reply.skills.length,
      skillsDropped: facts.skillsDropped,
      suggested: facts.suggested,
      suggestedVia: facts.suggestedVia,
      candidates: facts.candidates,
    },
  };
}

/** The reply for an agent whose `skills` switch is off: no skill, nothing ranked (not logged). */
export function switchedOffDecision(): Decision {
  return buildDecision({ status: "ok", needs_skill: 0, skills: [], latency_ms: 0, skipped: "switched_off" }, "trivial", NO_FACTS);
}

/** A decision that failed open before any ranking (e.g. the judge could not be set up). */
export function failOpenDecision(reason: ReasonCode): Decision {
  return buildDecision({ status: "fail_open", reason, skills: [] }, "fail_open", NO_FACTS);
}

/** Stage-1 requests for a catalog: ceil(skills / 120). A full turn costs one more, for stage 2. */
export function stageOneRequests(skills: number): number {
  return Math.ceil(skills / LIMITS.batchSize);
}
