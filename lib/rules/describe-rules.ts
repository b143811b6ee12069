import type { RulesConfig } from "./config";

/** Rules in one short line, as the Replay page's runs, tooltips and comparisons show them. */
export function describeRules(r: RulesConfig): string {
  const s = r.suppression;
  const ruleTwo = s.enabled ? `min ${s.min_suggestions}, ${s.window_days} d, ratio ${s.max_load_ratio}, retry ${s.retry_hours} h` : "off";
  return `rule 1 ${r.dedup_loaded ? "on" : "off"}; rule 2 ${ruleTwo}; attribution ${r.attribution_minutes} min`;
}
