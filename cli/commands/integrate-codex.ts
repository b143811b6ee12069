import path from "node:path";
import { loadConfig } from "../../lib/config";
import { codexSetup } from "../../lib/doctor/agent-setups";
import { readSmallTextSync } from "../../lib/fs/regular-file";
import { codexHookEntries, HOOK_SCRIPT_NAME } from "../../lib/integrations/codex-hooks";
import { jevCodexHooks, supersededHashes, supersededTrustFile } from "../../lib/integrations/codex-trust";
import { hookHome, installHookFiles } from "../../lib/integrations/hook-install";
import { findPython } from "../../lib/integrations/python-interpreter";
import { parseFlags } from "../usage";
import { agentServerUrl, installAgentHooks, removeAgentHooks, writePrivate } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/**
 * `jev integrate codex [--print] [--hooks FILE] [--url URL]`: put jev's hooks in Codex's hooks file (default
 * `$CODEX_HOME/hooks.json`), keeping the rest (a backup first; idempotent), and the token and URL where the hook reads
 * them (`$CODEX_HOME/jev/`, 0600). Codex asks the user to trust a new or changed hook at its next start: jev says so, and
 * remembers the trust a change superseded, so `jev doctor` can tell (lib/integrations/codex-trust.ts). `--print` writes nothing.
 */
export async function integrateCodex(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { print: { type: "boolean" }, remove: { type: "boolean" }, hooks: { type: "string" }, url: { type: "string" } });
  const config = loadConfig();
  const codexHome = path.resolve(process.env.CODEX_HOME || path.join(config.home, ".codex"));
  const python = findPython();
  const file = path.resolve(flags.hooks ?? path.join(codexHome, "hooks.json"));
  if (flags.remove) return removeAgentHooks({ agent: "Codex", file, jevDir: path.join(codexHome, "jev") }, out);
  // The hook runs from a per-user copy, not from this clone (which may move, or be a global install's).
  const script = path.join(hookHome(config.home), "integrations", "claude-code", HOOK_SCRIPT_NAME);
  const hooks = {
    agent: "Codex",
    file,
    printKey: "hooksFile",
    entries: codexHookEntries(script, python),
    jevDir: path.join(codexHome, "jev"),
    url: agentServerUrl(flags.url, config),
    token: await tokenForAgents(config),
    python,
    installFiles: () => installHookFiles(config.home),
    addedLines: [`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports a SKILL.md read as a load.`],
  };
  const trustedBefore = jevCodexHooks(codexHome, file).trustedHashes;
  const before = readSmallTextSync(file);
  const status = await installAgentHooks(hooks, flags.print === true, out);
  if (flags.print) return status;
  // Codex trusts a handler by its hash: changed hooks are "modified" to it, and run only once trusted again.
  if (trustedBefore.length > 0 && readSmallTextSync(file) !== before) {
    const superseded = [...new Set([...supersededHashes(hooks.jevDir), ...trustedBefore])];
    await writePrivate({ path: supersededTrustFile(hooks.jevDir), content: `${superseded.join("\n")}\n` });
    out(
      "Codex trusted jev's earlier hooks, and these changed: it asks you to trust them again at its next start (or /hooks in codex); until then they do not run.",
    );
  } else if (codexSetup(codexHome).trust !== "trusted") {
    out("Codex has not trusted jev's hooks yet: it asks at its next start (or /hooks in codex); until you trust them they do not run.");
  }
  return status;
}
