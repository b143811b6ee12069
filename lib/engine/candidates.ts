import type { SkillCard } from "../catalog/types";
import type { Verifier } from "../catalog/verifier";
import type { RuleOutcome } from "../rules/suggestion-rules";
import { LIMITS, type OfferLines, THRESHOLDS } from "../vocab/limits";
import type { DecisionOutcome } from "../vocab/reason-codes";
import type { CandidateVerdict } from "../vocab/verdicts";
import type { SkillSuggestion } from "./reply";

/** One ranked candidate of a decision and why it was or was not suggested (no turn text). */
export interface Candidate {
  name: string;
  path: string;
  /** Stage-1 score in [0, 1]. */
  score: number;
  /** Stage-2 match in [0, 1]; null when stage 2 did not read it. */
  match: number | null;
  verdict: CandidateVerdict;
  /** The numbers behind a rule verdict, e.g. what suppressed it. */
  detail?: { suggestions: number; loads: number; retry_at: string };
}

export interface FinalistChecks {
  verify: Verifier;
  /** Names the caller's loader can open; when given, nothing outside it is returned. */
  loadable?: readonly string[];
  /** The suggestion rules for one skill name (rule 1, then rule 2). */
  rules?: (name: string) => RuleOutcome;
  /** The turn's `needs_skill`: below the offer lines' `needs`, only skills at the load line or at their `match` are listed. */
  needsSkill?: number;
  /** The judge's shortlist lines (default THRESHOLDS.offer). */
  offer?: OfferLines;
}

export interface JudgedFinalists {
  /** What the reply lists, best match first, at most three. */
  listed: SkillSuggestion[];
  /** The one skill the agent is told to load, or null. */
  suggested: SkillSuggestion | null;
  candidates: Candidate[];
  outcome: DecisionOutcome;
}

export type CandidateCheck =
  | { ok: true; name: string }
  | { ok: false; verdict: "failed_verification" | "not_loadable" | "already_loaded" | "suppressed"; name: string | null; detail?: Candidate["detail"] };

const isRuleVerdict = (v: CandidateVerdict): v is "already_loaded" | "suppressed" => v === "already_loaded" || v === "suppressed";

/**
 * The checks every skill passes before it is suggested, in order:
 * verification (the loader's own name), the loader's list, then the
 * suggestion rules. Shared by stage 2's finalists and domain entry hints.
 */
export function checkCandidate(card: SkillCard, checks: FinalistChecks, loadable: ReadonlySet<string> | null): CandidateCheck {
  const name = checks.verify(card);
  if (name === null) return { ok: false, verdict: "failed_verification", name: null };
  if (loadable && !loadable.has(name)) return { ok: false, verdict: "not_loadable", name };
  const rule = checks.rules?.(name) ?? { verdict: "show" as const };
  if (rule.verdict === "show") return { ok: true, name };
  if (rule.verdict === "already_loaded") return { ok: false, verdict: "already_loaded", name };
  return {
    ok: false,
    verdict: "suppressed",
    name,
    detail: { suggestions: rule.suggestions, loads: rule.loads, retry_at: new Date(rule.retryAt).toISOString() },
  };
}

/**
 * After stage 2: check each finalist, best match first (stage-2 match, then
 * verification, the loader's list and the suggestion rules) and say why each
 * candidate was or was not suggested. `others` are stage-1 candidates stage 2
 * did not read.
 */
export function judgeFinalists(
  skills: readonly SkillCard[],
  judged: readonly { index: number; match: number }[],
  stageOneScore: ReadonlyMap<number, number>,
  others: readonly number[],
  checks: FinalistChecks,
): JudgedFinalists {
  const loadable = checks.loadable ? new Set(checks.loadable) : null;
  const offer = checks.offer ?? THRESHOLDS.offer;
  const offering = (checks.needsSkill ?? 1) >= offer.needs;
  const listed: SkillSuggestion[] = [];
  const candidates: Candidate[] = [];
  let suggested: SkillSuggestion | null = null;
  let removedByRule: "suppressed" | "already_loaded" | null = null;

  for (const { index, match } of judged) {
    const card = skills[index];
    const candidate = (verdict: CandidateVerdict, name = card.name): Candidate => ({
      name,
      path: card.path,
      score: stageOneScore.get(index) ?? 0,
      match,
      verdict,
    });
    if (match < THRESHOLDS.minShownMatch) {
      candidates.push(candidate("rejected_by_stage_two"));
      continue;
    }
    const check = checkCandidate(card, checks, loadable);
    if (!check.ok) {
      const c = candidate(check.verdict, check.name ?? card.name);
      if (check.detail) c.detail = check.detail;
      candidates.push(c);
      // The outcome names a rule only when it removed what would have been the suggestion.
      if (isRuleVerdict(check.verdict) && !suggested && match >= THRESHOLDS.load && !removedByRule) removedByRule = check.verdict;
      continue;
    }
    const name = check.name;
    const entry = { name, path: card.path, match };
    const isSuggestion = !suggested && match >= THRESHOLDS.load;
    // Sorted by match: the suggestion always fits. Below the load line a skill is a shortlist entry: listed on a turn that
    // needs a skill, or when its own match is worth a line, and never under the floor.
    const offered = match >= THRESHOLDS.load || (match >= THRESHOLDS.offerFloor && (match >= offer.match || offering));
    if (listed.length < LIMITS.maxReturned && offered) listed.push(entry);
    if (isSuggestion) suggested = entry;
    candidates.push(candidate(isSuggestion ? "suggested" : match >= THRESHOLDS.load ? "runner_up" : "below_threshold", name));
  }
  for (const index of others) {
    const card = skills[index];
    candidates.push({ name: card.name, path: card.path, score: stageOneScore.get(index) ?? 0, match: null, verdict: "not_finalist" });
  }

  const outcome: DecisionOutcome = suggested ? "suggested" : removedByRule ? removedByRule : listed.length ? "below_threshold" : "rejected";
  return { listed, suggested, candidates, outcome };
}
