import { HOOK_SCRIPT_NAME, jevHookCommand } from "./claude-settings";

export { HOOK_SCRIPT_NAME };

/**
 * Seconds Codex gives the script: its key is `timeout` (Codex 0.171.0 reads no `timeoutSec`, and gives such a hook
 * 600 s); the script itself gives up on jev after 1.5 s.
 */
const HOOK_TIMEOUT_S = 5;

type Json = Record<string, unknown>;

/**
 * The entries `jev integrate codex` puts in Codex's hooks.json: the same script as Claude Code's, told it serves
 * Codex. UserPromptSubmit asks jev which skill fits. Codex has no Skill tool: a skill is loaded by reading its
 * SKILL.md through a tool, so PostToolUse (every tool: Codex's own tool names are not the contract) reports a load
 * when a tool's input names one.
 */
export function codexHookEntries(scriptPath: string, python: string | null): Json {
  const hook = { type: "command", command: jevHookCommand(scriptPath, python, ["--agent", "codex"]), timeout: HOOK_TIMEOUT_S };
  return { UserPromptSubmit: [{ hooks: [hook] }], PostToolUse: [{ hooks: [hook] }] };
}
