import path from "node:path";
import { loadConfig, localServerUrl, packageRoot } from "../../lib/config";
import { mergeHookEntries } from "../../lib/integrations/claude-settings";
import { codexHookEntries, HOOK_SCRIPT_NAME } from "../../lib/integrations/codex-hooks";
import { findPython } from "../../lib/integrations/python-interpreter";
import { parseFlags, UsageError } from "../usage";
import { readHooksFile, serverFiles, writeMerged, writePrivate } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/**
 * `jev integrate codex [--print] [--hooks FILE] [--url URL]`: put jev's hooks
 * in Codex's hooks file (`$CODEX_HOME/hooks.json`, default
 * ~/.codex/hooks.json), keeping everything else in it (a backup first;
 * running it again changes nothing), and store the API token and the
 * server's URL where the hook reads them (`$CODEX_HOME/jev/`, 0600). Codex
 * runs a hook it has not seen only once the user trusts it: the next start
 * asks. `--print` shows all it would write and writes nothing.
 */
export async function integrateCodex(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { print: { type: "boolean" }, hooks: { type: "string" }, url: { type: "string" } });
  const config = loadConfig();
  const url = (flags.url ?? localServerUrl(config)).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError("--url must be an http:// or https:// address");
  const codexHome = path.resolve(process.env.CODEX_HOME || path.join(config.home, ".codex"));
  const script = path.join(packageRoot(), "integrations", "claude-code", HOOK_SCRIPT_NAME);
  const python = findPython();
  const files = serverFiles(path.join(codexHome, "jev"), url, await tokenForAgents(config));
  const file = path.resolve(flags.hooks ?? path.join(codexHome, "hooks.json"));
  const entries = codexHookEntries(script, python);
  if (flags.print) {
    out(JSON.stringify({ hooksFile: file, hooks: entries, files: files.map((f) => ({ ...f, mode: "0600" })) }, null, 2));
    return 0;
  }
  const { text, settings } = readHooksFile(file);
  if (await writeMerged(file, text, mergeHookEntries(settings, entries), out)) {
    out(`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports a SKILL.md read as a load.`);
    out("Codex asks you to trust new hooks at its next start: trust jev's, or they do not run.");
  }
  if (!python) out("note: no Python 3.8 or later found as python3; the hooks call `python3` through PATH on each prompt");
  for (const f of files) out(`${f.path}: ${(await writePrivate(f)) ? "written" : "already so"} (mode 0600)`);
  if (files.length === 1) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`The hook asks ${url}; JEV_URL and JEV_API_TOKEN in Codex's environment win over these files.`);
  return 0;
}
