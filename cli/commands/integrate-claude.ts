import path from "node:path";
import { loadConfig } from "../../lib/config";
import { HOOK_SCRIPT_NAME, jevHookEntries } from "../../lib/integrations/claude-settings";
import { hookHome, installHookFiles } from "../../lib/integrations/hook-install";
import { findPython } from "../../lib/integrations/python-interpreter";
import { parseFlags } from "../usage";
import { agentServerUrl, installAgentHooks, removeAgentHooks } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/**
 * `jev integrate claude-code [--print] [--settings FILE] [--url URL]`: put jev's hooks in Claude Code's settings
 * (default ~/.claude/settings.json), keeping the rest (a backup first; idempotent), with Python by its absolute path,
 * and the token and URL where the hook reads them (`~/.claude/jev/token`, `url`, 0600). `--print` writes nothing.
 */
export async function integrateClaudeCode(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { print: { type: "boolean" }, remove: { type: "boolean" }, settings: { type: "string" }, url: { type: "string" } });
  const config = loadConfig();
  const python = findPython();
  const file = path.resolve(flags.settings ?? path.join(config.home, ".claude", "settings.json"));
  if (flags.remove) return removeAgentHooks({ agent: "Claude Code", file, jevDir: path.join(config.home, ".claude", "jev") }, out);
  // The hook runs from a per-user copy, not from this clone (which may move, or be a global install's).
  const script = path.join(hookHome(config.home), "integrations", "claude-code", HOOK_SCRIPT_NAME);
  const hooks = {
    agent: "Claude Code",
    file,
    printKey: "settings",
    entries: jevHookEntries(script, python),
    jevDir: path.join(config.home, ".claude", "jev"),
    url: agentServerUrl(flags.url, config),
    token: await tokenForAgents(config),
    python,
    installFiles: () => installHookFiles(config.home),
    addedLines: [`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports Skill loads.`],
  };
  return installAgentHooks(hooks, flags.print === true, out);
}
