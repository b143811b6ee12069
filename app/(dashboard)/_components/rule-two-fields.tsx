import type { SuppressionSettings } from "@/lib/rules/config";

type Setting = "min_suggestions" | "window_days" | "max_load_ratio" | "retry_hours";

/** The input names a form uses for each setting (the Suppression page keeps short ones in its URL). */
export type RuleTwoFieldNames = Record<Setting, string>;

export const RULE_TWO_FIELD_NAMES: RuleTwoFieldNames = {
  min_suggestions: "min_suggestions",
  window_days: "window_days",
  max_load_ratio: "max_load_ratio",
  retry_hours: "retry_hours",
};

/** Rule 2's four numbers as form inputs: one definition for the Suppression what-if and the Replay rules form. */
export function RuleTwoFields({ values, names = RULE_TWO_FIELD_NAMES }: { values: Pick<SuppressionSettings, Setting>; names?: RuleTwoFieldNames }) {
  return (
    <>
      <label>
        min shown <input name={names.min_suggestions} type="number" min={1} step={1} defaultValue={values.min_suggestions} />
      </label>
      <label>
        window days <input name={names.window_days} type="number" min={1} defaultValue={values.window_days} />
      </label>
      <label>
        max load ratio <input name={names.max_load_ratio} type="number" min={0} max={1} step={0.01} defaultValue={values.max_load_ratio} />
      </label>
      <label>
        retry hours <input name={names.retry_hours} type="number" min={0} defaultValue={values.retry_hours} />
      </label>
    </>
  );
}
