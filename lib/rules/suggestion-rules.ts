import { DAY_MS, HOUR_MS } from "../base/time";
import type { RulesConfig } from "./config";

/** One suggestion that was shown to an agent, and whether the agent loaded it. */
export interface ShownSuggestion {
  at: number;
  loaded: boolean;
}

export type SuppressionState =
  | { suppressed: false; suggestions: number; loads: number }
  | { suppressed: true; suggestions: number; loads: number; retryAt: number };

/** What rule 2 reads of one skill's shown suggestions: how many in the window, how many loaded, and the latest. */
export interface ShownWindow {
  suggestions: number;
  loads: number;
  /** When it was last shown (-Infinity when never). */
  lastShown: number;
}

/** The window of `history` at `now`: suggestions shown in the last `window_days`, up to `now`. */
export function shownWindow(history: readonly ShownSuggestion[], now: number, rules: RulesConfig): ShownWindow {
  const windowStart = now - rules.suppression.window_days * DAY_MS;
  const window: ShownWindow = { suggestions: 0, loads: 0, lastShown: -Infinity };
  for (const h of history) {
    if (h.at < windowStart || h.at > now) continue;
    window.suggestions++;
    if (h.loaded) window.loads++;
    if (h.at > window.lastShown) window.lastShown = h.at;
  }
  return window;
}

/**
 * Rule 2 (rejection suppression) for one skill at `now`, from its window of shown suggestions: suppressed when at
 * least `min_suggestions` were shown in the window and fewer than `max_load_ratio` of them were loaded, except when
 * none was shown in the last `retry_hours`, so a skill that became useful can come back. Pure: the live service
 * builds the window from the database (`shownWindow`), the replay keeps it incrementally; both decide here.
 */
export function suppressionVerdict(window: ShownWindow, now: number, rules: RulesConfig): SuppressionState {
  const s = rules.suppression;
  const { suggestions, loads } = window;
  if (!s.enabled || suggestions < s.min_suggestions || loads >= s.max_load_ratio * suggestions) {
    return { suppressed: false, suggestions, loads };
  }
  const retryAt = window.lastShown + s.retry_hours * HOUR_MS;
  if (now >= retryAt) return { suppressed: false, suggestions, loads };
  return { suppressed: true, suggestions, loads, retryAt };
}

/** Rule 2 from a skill's shown history (see `suppressionVerdict`). */
export function suppressionState(history: readonly ShownSuggestion[], now: number, rules: RulesConfig): SuppressionState {
  return suppressionVerdict(shownWindow(history, now, rules), now, rules);
}

/** What the suggestion rules say about one skill now: shown, or which rule removed it and why. */
export type RuleOutcome = { verdict: "show" } | { verdict: "already_loaded" } | { verdict: "suppressed"; suggestions: number; loads: number; retryAt: number };

export interface RuleContext {
  /** Skills loaded in this session (the request's `loaded` list and reported loads). */
  sessionLoaded: { has(skill: string): boolean };
  /** Rule 2's window of one skill at `now`: its shown suggestions where loads can be known. */
  windowOf: (skill: string) => ShownWindow;
  now: number;
  rules: RulesConfig;
}

/**
 * Rule 1 before rule 2, for one skill (selection spec §7). The live service and
 * the replay harness both call this, so an experiment predicts production.
 */
export function checkSuggestion(skill: string, ctx: RuleContext): RuleOutcome {
  if (ctx.rules.dedup_loaded && ctx.sessionLoaded.has(skill)) return { verdict: "already_loaded" };
  const state = suppressionVerdict(ctx.windowOf(skill), ctx.now, ctx.rules);
  if (state.suppressed) return { verdict: "suppressed", suggestions: state.suggestions, loads: state.loads, retryAt: state.retryAt };
  return { verdict: "show" };
}
