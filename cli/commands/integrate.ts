import path from "node:path";
import { loadConfig } from "../../lib/config";
import { assertWritableTarget } from "../../lib/fs/safe-target";
import { removeDotenvKeys, writeDotenv } from "../../lib/integrations/dotenv-file";
import { installHermesPlugin, uninstallHermesPlugin } from "../../lib/integrations/hermes-install";
import { hookHome, installHermesPluginFiles } from "../../lib/integrations/hook-install";
import { isMcpClient } from "../../lib/vocab/mcp-clients";
import { parseFlags, UsageError } from "../usage";
import { agentServerUrl, checkAgainstServer } from "./hooks-file";
import { integrateClaudeCode } from "./integrate-claude";
import { integrateCodex } from "./integrate-codex";
import { integrateMcp } from "./integrate-mcp";
import { tokenForAgents } from "./token-for-agents";

/** `jev integrate claude-code|codex|hermes …`: connect an agent to this jev server. */
export async function integrateCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [agent, ...rest] = args;
  if (agent === "hermes") return integrateHermes(rest, out);
  // --mcp: the client's MCP config instead of its hooks (an agent may have both; Gemini CLI has only MCP).
  if (isMcpClient(agent) && rest.includes("--mcp")) return integrateMcp(agent, rest, out);
  if (agent === "gemini") throw new UsageError("integrate gemini takes --mcp (jev reaches Gemini CLI as an MCP server)");
  if (agent === "claude-code") return integrateClaudeCode(rest, out);
  if (agent === "codex") return integrateCodex(rest, out);
  throw new UsageError("integrate takes claude-code, codex or hermes (or claude-code, codex or gemini with --mcp)");
}

/**
 * `jev integrate hermes [--hermes-home DIR] [--url URL] [--print]`: link the plugin into the Hermes
 * home, enable it in config.yaml, and put JEV_URL and JEV_API_TOKEN in `$HERMES_HOME/.env` (0600),
 * where the plugin reads them. `--print` shows what it would write and writes nothing.
 */
async function integrateHermes(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { "hermes-home": { type: "string" }, url: { type: "string" }, print: { type: "boolean" }, remove: { type: "boolean" } });
  const config = loadConfig();
  const hermesHome = path.resolve(flags["hermes-home"] ?? config.hermesHome);
  if (flags.remove) return removeHermes(hermesHome, out);
  const url = agentServerUrl(flags.url, config);
  const token = await tokenForAgents(config);
  const env = new Map([["JEV_URL", url]]);
  if (token) env.set("JEV_API_TOKEN", token);
  const envFile = path.join(hermesHome, ".env");
  // Hermes loads the plugin from a per-user copy (linked from its plugins folder), not from this clone.
  const pluginSource = path.join(hookHome(config.home), "integrations", "hermes", "jev");
  if (flags.print) {
    out(`link ${path.join(hermesHome, "plugins", "jev")} -> ${pluginSource}`);
    out(`add jev to plugins.enabled in ${path.join(hermesHome, "config.yaml")}`);
    out(`set in ${envFile} (mode 0600):`);
    for (const [key, value] of env) out(`  ${key}=${value}`);
    return 0;
  }
  // Every file this writes is checked first: a link, a FIFO or a folder at one of them changes nothing anywhere.
  for (const target of [envFile, path.join(hermesHome, "config.yaml")]) assertWritableTarget(target);
  await checkAgainstServer(url, token, out);
  const copied = await installHermesPluginFiles(config.home);
  out(`${copied.folder}: ${copied.changed ? "copied from this checkout" : "already so"} (Hermes loads the plugin from there)`);
  const done = await installHermesPlugin(hermesHome, copied.folder);
  const link = { created: "linked", kept: "already linked", replaced: "relinked (it pointed to another checkout)" }[done.linked];
  out(`jev's Hermes plugin ${link} at ${path.join(hermesHome, "plugins", "jev")}`);
  if (done.backup) out(`backup: ${done.backup}`);
  out(done.enabled === "added" ? `enabled in ${path.join(hermesHome, "config.yaml")} (plugins.enabled)` : "already enabled in config.yaml");
  if (done.disabledWins) out("note: jev is also in plugins.disabled, which wins in Hermes: remove it there to turn the plugin on");
  const changes = await writeDotenv(envFile, env);
  const said = changes.map((c) => `${c.key} ${c.change}`).join(", ");
  out(`${envFile}: ${said} (JEV_URL=${env.get("JEV_URL")})`);
  if (!token) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out("/jev status in Hermes checks that the plugin reaches the server.");
  return 0;
}

/** `jev integrate hermes --remove`: the plugin link, its `plugins.enabled` entry and jev's two `.env` keys gone; the rest kept. */
async function removeHermes(hermesHome: string, out: (line: string) => void): Promise<number> {
  const done = await uninstallHermesPlugin(hermesHome);
  out(done.unlinked ? `removed jev's plugin link ${path.join(hermesHome, "plugins", "jev")}` : "no jev plugin link to remove");
  if (done.backup) out(`backup: ${done.backup}`);
  out(done.disabled ? `jev taken out of plugins.enabled in ${path.join(hermesHome, "config.yaml")}` : "jev was not in plugins.enabled");
  const envFile = path.join(hermesHome, ".env");
  const keys = await removeDotenvKeys(envFile, new Set(["JEV_URL", "JEV_API_TOKEN"]));
  out(keys.length ? `${envFile}: removed ${keys.join(", ")}` : `${envFile}: no jev keys`);
  out("Hermes no longer asks jev (restart Hermes if it is running).");
  return 0;
}
