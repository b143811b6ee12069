import type { RulesConfig } from "@/lib/rules/config";
import type { rulesFileSetting, skillFeedbackSetting } from "@/lib/services/rules";
import { RuleTwoSwitch } from "../_components/rule-two-switch";

/** The suggestion rules in words, beside the switch that turns rule 2 on and off, and where the live settings come from. */
export function RuleSettingsPanel({
  rules,
  ruleTwo,
  rulesFile,
}: {
  rules: RulesConfig;
  ruleTwo: ReturnType<typeof skillFeedbackSetting>;
  rulesFile: ReturnType<typeof rulesFileSetting>;
}) {
  const s = rules.suppression;
  return (
    <>
      <p className="muted">
        Rule 1 never suggests a skill already loaded in the session. Rule 2 stops suggesting a skill that agents reporting loads were shown at least{" "}
        {s.min_suggestions} times in {s.window_days} days and loaded less than {s.max_load_ratio * 100}% of the time, retrying every {s.retry_hours} hours;
        agents that never report loads are never suppressed.
      </p>
      <RuleTwoSwitch on={ruleTwo.on} source={ruleTwo.source} stateFile={ruleTwo.stateFile} />
      <p className="muted" data-testid="live-rules">
        Live rules:{" "}
        {s.enabled
          ? `a skill shown ${s.min_suggestions}+ times in ${s.window_days} days and loaded after fewer than ${s.max_load_ratio * 100}% of them is suppressed, retried every ${s.retry_hours} h`
          : "rule 2 is off"}
        ; rule 1 (no repeat after a load) is {rules.dedup_loaded ? "on" : "off"}. From{" "}
        <code>{rulesFile.exists ? rulesFile.file : `the defaults (no ${rulesFile.file})`}</code>.
      </p>
      {rulesFile.problem && (
        <p className="warning" role="alert">
          The rules file is not used: {rulesFile.problem}
        </p>
      )}
    </>
  );
}
