import { agentSwitches, setAgentSwitch } from "../../lib/services/rules";
import { cliCtx } from "../context";
import { parseFlags, UsageError } from "../usage";

const ON_OFF = ["on", "off"];

/**
 * `jev settings --agent NAME [--skills on|off] [--feedback on|off]`: an
 * agent's switches kept by the server (for agents without a Hermes home);
 * prints them as JSON after any change.
 */
export async function settingsCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { agent: { type: "string" }, skills: { type: "string" }, feedback: { type: "string" } });
  if (!flags.agent) throw new UsageError("settings needs --agent NAME (e.g. claude-code)");
  for (const [flag, value] of [
    ["skills", flags.skills],
    ["feedback", flags.feedback],
  ] as const) {
    if (value !== undefined && !ON_OFF.includes(value)) throw new UsageError(`--${flag} takes on or off`);
  }
  const ctx = cliCtx();
  if (flags.skills) await setAgentSwitch(ctx, { agent: flags.agent, name: "skills", value: flags.skills as "on" | "off" });
  if (flags.feedback) await setAgentSwitch(ctx, { agent: flags.agent, name: "skill_feedback", value: flags.feedback as "on" | "off" });
  out(JSON.stringify({ agent: flags.agent, ...(await agentSwitches(ctx, { agent: flags.agent })) }));
  return 0;
}
