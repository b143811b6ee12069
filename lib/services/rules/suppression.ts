import { shownWindows } from "../../../db/queries/suppression";
import { DAY_MS, HOUR_MS } from "../../base/time";
import type { RulesConfig } from "../../rules/config";
import { suppressionVerdict } from "../../rules/suggestion-rules";
import type { SuppressionStateName } from "../../vocab/suppression";
import type { ServiceCtx } from "../context";
import { liveRules } from "./rule-settings";

export interface SuppressionRow {
  skill: string;
  state: SuppressionStateName;
  suggestions: number;
  loads: number;
  load_ratio: number;
  last_shown: string;
  /** When a suppressed skill is next shown (null when it is shown as usual). */
  retry_at: string | null;
}

export interface SuppressionView {
  at: string;
  rules: RulesConfig;
  skills: SuppressionRow[];
}

/**
 * Every skill shown in the window, as rule 2 sees it now (interfaces.md
 * `GET /api/suppression`), under the live rules or `rules` (a what-if that
 * changes nothing). Suppressed first, then by suggestions.
 */
export async function suppressionView(ctx: ServiceCtx, input: { rules?: RulesConfig } = {}): Promise<SuppressionView> {
  const { db, config } = ctx;
  const now = ctx.clock();
  const rules = input.rules ?? liveRules(config);
  const s = rules.suppression;
  const skills: SuppressionRow[] = [];
  for (const [skill, window] of await shownWindows(db, now - s.window_days * DAY_MS, now)) {
    const verdict = suppressionVerdict(window, now, rules);
    const rejected = s.enabled && window.suggestions >= s.min_suggestions && window.loads < s.max_load_ratio * window.suggestions;
    const state: SuppressionStateName = verdict.suppressed ? "suppressed" : rejected ? "retrying" : "shown";
    skills.push({
      skill,
      state,
      suggestions: window.suggestions,
      loads: window.loads,
      load_ratio: window.suggestions ? Math.round((window.loads / window.suggestions) * 10_000) / 10_000 : 0,
      last_shown: new Date(window.lastShown).toISOString(),
      retry_at: verdict.suppressed
        ? new Date(verdict.retryAt).toISOString()
        : rejected
          ? new Date(window.lastShown + s.retry_hours * HOUR_MS).toISOString()
          : null,
    });
  }
  const rank = { suppressed: 0, retrying: 1, shown: 2 } as const;
  skills.sort((a, b) => rank[a.state] - rank[b.state] || b.suggestions - a.suggestions || (a.skill < b.skill ? -1 : 1));
  return { at: new Date(now).toISOString(), rules, skills };
}
