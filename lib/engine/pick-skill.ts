import type { SkillCard } from "../catalog/types";
import { isTrivialTurn } from "../gate/local-gate";
import type { Judge } from "../judges/types";
import { looksSecret, redact } from "../privacy/redact";
import type { DecisionOutcome, ReasonCode } from "../vocab/reason-codes";
import { LIMITS, THRESHOLDS } from "./limits";
import { prepareCatalog } from "./prepare-catalog";
import type { PickReply, SkillSuggestion } from "./reply";
import { runStageOne, runStageTwo } from "./stages";
import { boundedBy, type Verifier } from "./verify";

export interface PickInput {
  turn: string;
  /** Names the caller's loader can open; when given, nothing outside it is returned. */
  loadable?: readonly string[];
  /** True for names never suggested this turn (already loaded, or suppressed by the suggestion rules). */
  exclude?: (name: string) => boolean;
}

export interface PickDeps {
  /** The discovered catalog, in search order. */
  catalog: readonly SkillCard[];
  judge: Judge;
  verify: Verifier;
  metaSkills: readonly string[];
  /** Milliseconds, monotonic; injected so tests and replays control time. */
  now: () => number;
  /** Called with the names left out by the cap (the caller logs them once). */
  onDropped?: (names: readonly string[]) => void;
}

/** What the decision log keeps of one decision: no turn text, ever. */
export interface DecisionRecord {
  status: PickReply["status"];
  outcome: DecisionOutcome;
  reasonCode: ReasonCode | null;
  needsSkill: number | null;
  latencyMs: number;
  requests: number;
  catalogSize: number;
  skillsReturned: number;
  skillsDropped: number;
  /** Suggested names, best first (stored as suggestion rows, not in the log). */
  suggested: string[];
}

export interface Decision {
  reply: PickReply;
  record: DecisionRecord;
  /** Paths of the best-ranked skills, final order, up to ten (for ranking metrics; never logged). */
  ranking: string[];
}

/**
 * One decision: gate → privacy → catalog → stage 1 → stage 2 → verify → reply
 * (selection spec §2–§6). Does no I/O of its own beyond what `deps` does.
 */
export async function pickSkill(input: PickInput, deps: PickDeps): Promise<Decision> {
  const started = deps.now();
  let ranking: string[] = [];
  const elapsed = () => Math.max(0, Math.round(deps.now() - started));

  if (isTrivialTurn(input.turn)) {
    return decide({ status: "ok", needs_skill: 0, skills: [], latency_ms: 0, skipped: "trivial" }, "trivial", 0, 0, 0);
  }
  if (looksSecret(input.turn)) {
    return decide({ status: "fail_open", reason: "sensitive_turn", skills: [] }, "fail_open", 0, 0, 0);
  }
  const { skills, dropped } = prepareCatalog(deps.catalog, deps.metaSkills);
  if (dropped.length > 0) deps.onDropped?.(dropped.map((s) => s.name));
  const catalog = { skills };
  if (skills.length === 0) {
    return decide({ status: "fail_open", reason: "no_skills", skills: [] }, "fail_open", 0, 0, dropped.length);
  }
  const turn = redact(input.turn);

  const one = await runStageOne(deps.judge, turn, catalog);
  if (!one.ok) {
    return decide({ status: "fail_open", reason: one.reason, skills: [] }, "fail_open", stageOneRequests(skills.length), skills.length, dropped.length);
  }
  ranking = one.topTen.map((i) => skills[i].path);
  if (one.best < THRESHOLDS.stageOneFloor) {
    return decide({ status: "ok", needs_skill: 0, skills: [], latency_ms: elapsed() }, "nothing_fits", one.requests, skills.length, dropped.length);
  }

  const two = await runStageTwo(deps.judge, turn, catalog, one.finalists);
  const requests = one.requests + 1;
  if (!two.ok) {
    return decide({ status: "fail_open", reason: two.reason, skills: [] }, "fail_open", requests, skills.length, dropped.length);
  }
  const judgedOrder = two.judged.map((j) => j.index);
  ranking = [...judgedOrder, ...one.topTen.filter((i) => !judgedOrder.includes(i))].map((i) => skills[i].path);
  const verify = boundedBy(deps.verify, input.loadable);
  const suggestions: SkillSuggestion[] = [];
  for (const { index, match } of two.judged) {
    if (suggestions.length >= LIMITS.maxReturned || match < THRESHOLDS.minShownMatch) break;
    const card = skills[index];
    const name = verify(card);
    if (name === null || input.exclude?.(name)) continue;
    suggestions.push({ name, path: card.path, match });
  }
  const reply: PickReply = { status: "ok", needs_skill: two.needsSkill, skills: suggestions, latency_ms: elapsed() };
  return decide(reply, suggestions.length ? "suggested" : "rejected", requests, skills.length, dropped.length);

  function decide(reply: PickReply, outcome: DecisionOutcome, requests: number, catalogSize: number, skillsDropped: number): Decision {
    return buildDecision(reply, outcome, { requests, catalogSize, skillsDropped, latencyMs: elapsed(), ranking });
  }
}

/** A reply with the log record that describes it; the one place records are built. */
function buildDecision(
  reply: PickReply,
  outcome: DecisionOutcome,
  facts: { requests: number; catalogSize: number; skillsDropped: number; latencyMs: number; ranking: string[] },
): Decision {
  if (facts.skillsDropped > 0) reply.skills_dropped = facts.skillsDropped;
  return {
    reply,
    ranking: facts.ranking,
    record: {
      status: reply.status,
      outcome,
      reasonCode: reply.status === "fail_open" ? reply.reason : null,
      needsSkill: reply.status === "ok" ? reply.needs_skill : null,
      latencyMs: reply.status === "ok" ? reply.latency_ms : facts.latencyMs,
      requests: facts.requests,
      catalogSize: facts.catalogSize,
      skillsReturned: reply.skills.length,
      skillsDropped: facts.skillsDropped,
      suggested: reply.skills.map((s) => s.name),
    },
  };
}

/** A decision that failed open before any ranking (e.g. the judge could not be set up). */
export function failOpenDecision(reason: ReasonCode): Decision {
  return buildDecision({ status: "fail_open", reason, skills: [] }, "fail_open", { requests: 0, catalogSize: 0, skillsDropped: 0, latencyMs: 0, ranking: [] });
}

/** Stage-1 requests for a catalog: ceil(skills / 120). A full turn costs one more, for stage 2. */
export function stageOneRequests(skills: number): number {
  return Math.ceil(skills / LIMITS.batchSize);
}
