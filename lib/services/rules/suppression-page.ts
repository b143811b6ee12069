import type { RulesConfig } from "../../rules/config";
import type { SuppressionSort, SuppressionStateName } from "../../vocab/suppression";
import type { ServiceCtx } from "../context";
import { type SuppressionRow, suppressionView } from "./suppression";

export interface SuppressionPage {
  /** Every skill in rule 2's window, as the live rules judge it. */
  total: number;
  /** The rows the filters keep, in the asked order. */
  rows: SuppressionRow[];
  /** Skills per state, over all of them (the page's tiles). */
  counts: Record<SuppressionStateName, number>;
  /** Under the what-if rules: each skill's state, and how many would change state; null when none were asked. */
  whatIf: { states: Map<string, SuppressionStateName>; flips: number } | null;
}

const BY: Record<SuppressionSort, (a: SuppressionRow, b: SuppressionRow) => number> = {
  suggestions: (a, b) => b.suggestions - a.suggestions,
  ratio: (a, b) => a.load_ratio - b.load_ratio || b.suggestions - a.suggestions,
  last_shown: (a, b) => (a.last_shown < b.last_shown ? 1 : -1),
  skill: (a, b) => (a.skill < b.skill ? -1 : 1),
};

/** The Suppression page: rule 2's view filtered by state and name, sorted, counted, and compared with a what-if that changes nothing. */
export async function suppressionPage(
  ctx: ServiceCtx,
  input: { state?: SuppressionStateName; q?: string; sort?: SuppressionSort; whatIf?: RulesConfig | null },
): Promise<SuppressionPage> {
  const [live, alternative] = await Promise.all([suppressionView(ctx), input.whatIf ? suppressionView(ctx, { rules: input.whatIf }) : null]);
  const kept = live.skills.filter((s) => (!input.state || s.state === input.state) && (!input.q || s.skill.includes(input.q)));
  const counts: Record<SuppressionStateName, number> = { shown: 0, suppressed: 0, retrying: 0 };
  for (const s of live.skills) counts[s.state]++;
  const states = alternative ? new Map(alternative.skills.map((s) => [s.skill, s.state])) : null;
  return {
    total: live.skills.length,
    rows: input.sort ? [...kept].sort(BY[input.sort]) : kept,
    counts,
    whatIf: states && { states, flips: live.skills.filter((s) => states.get(s.skill) !== s.state).length },
  };
}
