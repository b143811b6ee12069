import { JevError } from "../../base/errors";
import type { JevConfig } from "../../config";
import { readStamped } from "../../fs/read-stamped";
import { jevStateFile, setSkillFeedback, skillFeedbackOn } from "../../hermes/jev-state";
import { DEFAULT_RULES, type RulesConfig } from "../../rules/config";
import { parseRules } from "../../rules/rules-file";
import type { ServiceCtx } from "../context";

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

export interface RulesFileSetting {
  file: string;
  /** The rules the file gives (defaults for what it leaves out, or all defaults when it is missing or broken). */
  rules: RulesConfig;
  exists: boolean;
  /** Why the file was not used (not JSON, a bad value), naming the field. */
  problem?: string;
}

/** The rules file (`JEV_RULES`, default `$HERMES_HOME/jev/rules.json`), re-read only when it changes. */
export function rulesFileSetting(config: JevConfig): RulesFileSetting {
  const file = config.rulesFile;
  return readStamped(file, parseRulesFile, { fallback: { file, rules: DEFAULT_RULES, exists: false } });
}

function parseRulesFile(text: string | undefined, file: string): RulesFileSetting {
  try {
    if (text === undefined) throw new JevError("bad_request", `${file}: cannot be read (not a regular file, or over 16 MB)`);
    return { file, rules: parseRules(text, file), exists: true };
  } catch (err) {
    const problem = err instanceof JevError ? err.message : `${file}: cannot be read`;
    console.warn(`[jev] rules file not used, defaults apply: ${problem}`); // once per version of the file
    return { file, rules: DEFAULT_RULES, exists: true, problem };
  }
}

/** The live rules: the rules file's (or the defaults), with rule 2 following its switch. */
export function liveRules(config: JevConfig): RulesConfig {
  const { rules } = rulesFileSetting(config);
  if (skillFeedbackSetting(config).on) return rules;
  return { ...rules, suppression: { ...rules.suppression, enabled: false } };
}

/** The dashboard's switch: writes the state file the agent plugin shares. */
export async function switchRuleTwo(ctx: Pick<ServiceCtx, "config">, input: { on: boolean }): Promise<SkillFeedbackSetting> {
  const { config } = ctx;
  const { on } = input;
  if (config.skillFeedback) throw new JevError("conflict", "rule 2 is set by JEV_SKILL_FEEDBACK; change or unset that variable");
  try {
    await setSkillFeedback(config.hermesHome, on ? "on" : "off");
  } catch {
    throw new JevError("internal", `could not write ${jevStateFile(config.hermesHome)} (is it writable, and a JSON object?)`);
  }
  return skillFeedbackSetting(config);
}
