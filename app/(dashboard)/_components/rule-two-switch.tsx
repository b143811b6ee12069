"use client";

import { useState, useTransition } from "react";
import { setRuleTwo } from "../_actions/rule-settings";
import { useWithToken } from "./api-token";

/** Rule 2 on or off, written to the state file an agent plugin shares; read-only when an env var decides. */
export function RuleTwoSwitch({ on, source, stateFile }: { on: boolean; source: "env" | "state_file"; stateFile: string }) {
  const [value, setValue] = useState(on);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const withToken = useWithToken();
  const locked = source === "env";
  return (
    <div className="switch" data-testid="rule-two">
      <label>
        <input
          type="checkbox"
          role="switch"
          aria-checked={value}
          checked={value}
          disabled={locked || pending}
          onChange={(e) => {
            const next = e.target.checked;
            setValue(next); // shown at once; put back if the write fails
            startTransition(async () => {
              const result = await withToken((token) => setRuleTwo({ on: next, token }));
              setValue(result.ok ? result.on : !next);
              setProblem(result.ok ? null : result.message);
            });
          }}
        />{" "}
        Rule 2, rejection suppression: <strong>{value ? "on" : "off"}</strong>
      </label>
      <p className="muted">
        {locked ? (
          <>
            Set by <code>JEV_SKILL_FEEDBACK</code>; change that variable to switch it.
          </>
        ) : (
          <>
            Stored as <code>skill_feedback</code> in <code className="path">{stateFile}</code>, shared with the agent plugin.
          </>
        )}
      </p>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
