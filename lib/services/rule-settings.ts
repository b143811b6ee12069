import type { JevConfig } from "../config";
import { JevError } from "../errors";
import { jevStateFile, setSkillFeedback, skillFeedbackOn } from "../hermes/jev-state";
import { DEFAULT_RULES, type RulesConfig } from "../rules/config";

export interface SkillFeedbackSetting {
  on: boolean;
  /** Who decides: the `JEV_SKILL_FEEDBACK` variable (the dashboard cannot change it) or the state file. */
  source: "env" | "state_file";
  stateFile: string;
}

/** Rule 2's switch: `JEV_SKILL_FEEDBACK` when set, else `skill_feedback` in `$HERMES_HOME/jev/state.json`. */
export function skillFeedbackSetting(config: JevConfig): SkillFeedbackSetting {
  const stateFile = jevStateFile(config.hermesHome);
  if (config.skillFeedback) return { on: config.skillFeedback === "on", source: "env", stateFile };
  return { on: skillFeedbackOn(config.hermesHome), source: "state_file", stateFile };
}

/** The live rules: defaults, with rule 2 following its switch. */
export function liveRules(config: JevConfig): RulesConfig {
  if (skillFeedbackSetting(config).on) return DEFAULT_RULES;
  return { ...DEFAULT_RULES, suppression: { ...DEFAULT_RULES.suppression, enabled: false } };
}

/** The dashboard's switch: writes the state file the agent plugin shares. */
export function setSkillFeedbackService(config: JevConfig, on: boolean): SkillFeedbackSetting {
  if (config.skillFeedback) throw new JevError("conflict", "rule 2 is set by JEV_SKILL_FEEDBACK; change or unset that variable");
  try {
    setSkillFeedback(config.hermesHome, on ? "on" : "off");
  } catch {
    throw new JevError("internal", `could not write ${jevStateFile(config.hermesHome)} (is it writable, and a JSON object?)`);
  }
  return skillFeedbackSetting(config);
}
