import path from "node:path";
import { loadConfig, localServerUrl, packageRoot } from "../../lib/config";
import { HOOK_SCRIPT_NAME, jevHookEntries, mergeJevHooks } from "../../lib/integrations/claude-settings";
import { findPython } from "../../lib/integrations/python-interpreter";
import { parseFlags, UsageError } from "../usage";
import { readHooksFile, serverFiles, writeMerged, writePrivate } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/**
 * `jev integrate claude-code [--print] [--settings FILE] [--url URL]`: put
 * jev's hooks in Claude Code's settings (default ~/.claude/settings.json),
 * keeping everything else in the file, with the Python interpreter named by
 * its absolute path; and store the API token and the server's URL where the
 * hook reads them (`~/.claude/jev/token` and `~/.claude/jev/url`, 0600). A
 * backup is taken before the settings change; running it again changes
 * nothing. `--print` shows all it would write and writes nothing.
 */
export async function integrateClaudeCode(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { print: { type: "boolean" }, settings: { type: "string" }, url: { type: "string" } });
  const config = loadConfig();
  const url = (flags.url ?? localServerUrl(config)).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError("--url must be an http:// or https:// address");
  const script = path.join(packageRoot(), "integrations", "claude-code", HOOK_SCRIPT_NAME);
  const python = findPython();
  const token = await tokenForAgents(config);
  const files = serverFiles(path.join(config.home, ".claude", "jev"), url, token);
  const file = path.resolve(flags.settings ?? path.join(config.home, ".claude", "settings.json"));
  if (flags.print) {
    out(JSON.stringify({ settings: file, hooks: jevHookEntries(script, python), files: files.map((f) => ({ ...f, mode: "0600" })) }, null, 2));
    return 0;
  }
  const { text, settings } = readHooksFile(file);
  if (await writeMerged(file, text, mergeJevHooks(settings, script, python), out))
    out(`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports Skill loads.`);
  if (!python) out("note: no Python 3.8 or later found as python3; the hooks call `python3` through PATH on each prompt");
  for (const f of files) out(`${f.path}: ${(await writePrivate(f)) ? "written" : "already so"} (mode 0600)`);
  if (!token) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`The hook asks ${url}; JEV_URL and JEV_API_TOKEN in Claude Code's environment win over these files.`);
  return 0;
}
