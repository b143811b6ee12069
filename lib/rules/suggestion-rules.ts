import { DAY_MS, HOUR_MS } from "../time";
import type { RulesConfig } from "./config";

/** One suggestion that was shown to an agent, and whether the agent loaded it. */
export interface ShownSuggestion {
  at: number;
  loaded: boolean;
}

export type SuppressionState =
  | { suppressed: false; suggestions: number; loads: number }
  | { suppressed: true; suggestions: number; loads: number; retryAt: number };

/**
 * Rule 2 (rejection suppression) for one skill at `now`, from the suggestions of
 * it that were shown: suppressed when at least `min_suggestions` were shown in
 * the window and fewer than `max_load_ratio` of them were loaded — except when
 * none was shown in the last `retry_hours`, so a skill that became useful can
 * come back. Pure: the clock and the history are passed in, so the live
 * service and the replay harness decide alike.
 */
export function suppressionState(history: readonly ShownSuggestion[], now: number, rules: RulesConfig): SuppressionState {
  const s = rules.suppression;
  const windowStart = now - s.window_days * DAY_MS;
  let suggestions = 0;
  let loads = 0;
  let lastShown = -Infinity;
  for (const h of history) {
    if (h.at < windowStart || h.at > now) continue;
    suggestions++;
    if (h.loaded) loads++;
    if (h.at > lastShown) lastShown = h.at;
  }
  if (!s.enabled || suggestions < s.min_suggestions || loads >= s.max_load_ratio * suggestions) {
    return { suppressed: false, suggestions, loads };
  }
  const retryAt = lastShown + s.retry_hours * HOUR_MS;
  if (now >= retryAt) return { suppressed: false, suggestions, loads };
  return { suppressed: true, suggestions, loads, retryAt };
}

/** What the suggestion rules say about one skill now: shown, or which rule removed it and why. */
export type RuleOutcome = { verdict: "show" } | { verdict: "already_loaded" } | { verdict: "suppressed"; suggestions: number; loads: number; retryAt: number };

export interface RuleContext {
  /** Skills loaded in this session (the request's `loaded` list and reported loads). */
  sessionLoaded: ReadonlySet<string>;
  /** Rule 2's history of one skill: its shown suggestions where loads can be known. */
  historyOf: (skill: string) => readonly ShownSuggestion[];
  now: number;
  rules: RulesConfig;
}

/**
 * Rule 1 before rule 2, for one skill (selection spec §7). The live service and
 * the replay harness both call this, so an experiment predicts production.
 */
export function checkSuggestion(skill: string, ctx: RuleContext): RuleOutcome {
  if (ctx.rules.dedup_loaded && ctx.sessionLoaded.has(skill)) return { verdict: "already_loaded" };
  const state = suppressionState(ctx.historyOf(skill), ctx.now, ctx.rules);
  if (state.suppressed) return { verdict: "suppressed", suggestions: state.suggestions, loads: state.loads, retryAt: state.retryAt };
  return { verdict: "show" };
}
