import type { SkillCard } from "../catalog/types";
import type { RuleOutcome } from "../rules/suggestion-rules";
import type { DecisionOutcome } from "../vocab/reason-codes";
import type { CandidateVerdict } from "../vocab/verdicts";
import { LIMITS, THRESHOLDS } from "./limits";
import type { SkillSuggestion } from "./reply";
import type { Verifier } from "./verify";

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
}

export interface JudgedFinalists {
  /** What the reply lists, best match first, at most three. */
  listed: SkillSuggestion[];
  /** The one skill the agent is told to load, or null. */
  suggested: SkillSuggestion | null;
  candidates: Candidate[];
  outcome: DecisionOutcome;
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
    const name = checks.verify(card);
    if (name === null) {
      candidates.push(candidate("failed_verification"));
      continue;
    }
    if (loadable && !loadable.has(name)) {
      candidates.push(candidate("not_loadable", name));
      continue;
    }
    const rule = checks.rules?.(name) ?? { verdict: "show" as const };
    if (rule.verdict !== "show") {
      const c = candidate(rule.verdict, name);
      if (rule.verdict === "suppressed") c.detail = { suggestions: rule.suggestions, loads: rule.loads, retry_at: new Date(rule.retryAt).toISOString() };
      candidates.push(c);
      // The outcome names a rule only when it removed what would have been the suggestion.
      if (!suggested && match >= THRESHOLDS.load && !removedByRule) removedByRule = rule.verdict;
      continue;
    }
    const entry = { name, path: card.path, match };
    const isSuggestion = !suggested && match >= THRESHOLDS.load;
    if (listed.length < LIMITS.maxReturned) listed.push(entry); // sorted by match: the suggestion always fits
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
