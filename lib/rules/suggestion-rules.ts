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

export type RuleVerdict = "show" | "duplicate" | "rejected";

/** What the rules say about suggesting `skill` now (rule 1 before rule 2). */
export function judgeSuggestion(
  skill: string,
  ctx: { sessionLoaded: ReadonlySet<string>; history: readonly ShownSuggestion[]; now: number; rules: RulesConfig },
): RuleVerdict {
  if (ctx.rules.dedup_loaded && ctx.sessionLoaded.has(skill)) return "duplicate";
  if (suppressionState(ctx.history, ctx.now, ctx.rules).suppressed) return "rejected";
  return "show";
}
