"use client";

import { useState, useTransition } from "react";
import { setAgentSwitchAction } from "../_actions/agent-switches";
import { useWithToken } from "./api-token";

/** One of an agent's switches kept by the server (skills, skill_feedback): for agents without a Hermes home. */
export function AgentSwitch({ agent, name, label, on }: { agent: string; name: "skills" | "skill_feedback"; label: string; on: boolean }) {
  const [value, setValue] = useState(on);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const withToken = useWithToken();
  return (
    <label className="agent-switch">
      <input
        type="checkbox"
        role="switch"
        aria-label={`${label} for ${agent}`}
        aria-checked={value}
        checked={value}
        disabled={pending}
        onChange={(e) => {
          const next = e.target.checked;
          setValue(next);
          startTransition(async () => {
            const result = await withToken((token) => setAgentSwitchAction({ agent, name, on: next, token }));
            setValue(result.ok ? result.on : !next);
            setProblem(result.ok ? null : result.message);
          });
        }}
      />{" "}
      {label}
      {problem && <span role="alert"> {problem}</span>}
    </label>
  );
}
