import fs from "node:fs";
import path from "node:path";
import { loadConfig, packageRoot } from "../../lib/config";
import { readOwnedFileSync } from "../../lib/fs/regular-file";
import { assertWritableTarget } from "../../lib/fs/safe-target";
import { changesAt, editJsonText } from "../../lib/integrations/json-edit";
import {
  claudeToolRules,
  grantClaudeTools,
  type McpLaunch,
  mergeClaudeMcp,
  mergeCodexMcp,
  mergeGeminiMcp,
  removeCodexMcp,
  removeJsonMcp,
  revokeClaudeTools,
} from "../../lib/integrations/mcp-client-config";
import { MCP_TOOL_NAMES } from "../../lib/mcp/tools";
import { MCP_CLIENT_LABELS, type McpClient } from "../../lib/vocab/mcp-clients";
import { parseFlags } from "../usage";
import { agentServerUrl, checkAgainstServer, jsonSettingsOf, readHooksFile, replaceWithBackup, writePrivate } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/** Where each MCP client reads its user-wide servers (`base`: the home, or Codex's CODEX_HOME). */
const CLIENT_FILES: Record<McpClient, { configFile: (base: string) => string; jevDir: (base: string) => string }> = {
  "claude-code": { configFile: (home) => path.join(home, ".claude.json"), jevDir: (home) => path.join(home, ".claude", "jev") },
  codex: { configFile: (codexHome) => path.join(codexHome, "config.toml"), jevDir: (codexHome) => path.join(codexHome, "jev") },
  gemini: { configFile: (home) => path.join(home, ".gemini", "settings.json"), jevDir: (home) => path.join(home, ".gemini", "jev") },
};

/** The file `jev mcp --token-file` reads: its own, so removing the hooks (which own `token`) leaves MCP working. */
const TOKEN_FILE = "mcp-token";

/** The client's config file as text, or null when it does not exist yet (a link, a FIFO, a folder or an oversized file refused). */
function readText(file: string): string | null {
  return readOwnedFileSync(file) ?? null;
}

/** The merged (or, with remove, cleaned) config text; null when it already says so. Only jev's entry is edited. */
function nextConfig(client: McpClient, file: string, text: string | null, launch: McpLaunch | null): string | null {
  if (client === "codex") {
    const done = launch ? mergeCodexMcp(text ?? "", file, launch) : removeCodexMcp(text ?? "", file);
    return done.changed ? done.text : null;
  }
  const settings = jsonSettingsOf(text, file); // the text already read, not the file again
  const merge = client === "gemini" ? mergeGeminiMcp : mergeClaudeMcp;
  const done = launch ? merge(settings, launch) : removeJsonMcp(settings);
  return done.changed ? editJsonText(text, changesAt(["mcpServers"], settings.mcpServers, done.settings.mcpServers)) : null;
}

/**
 * Claude Code asks before every MCP call, read-only or not (`claude -p` refuses it): jev's four tools, which touch
 * nothing but jev's own log, go in its settings' `permissions.allow`, as "always allow" would put them.
 */
async function grantInClaudeSettings(home: string, grant: boolean, out: (line: string) => void): Promise<void> {
  const file = path.join(home, ".claude", "settings.json");
  const rules = claudeToolRules(MCP_TOOL_NAMES);
  const { text, settings } = readHooksFile(file);
  const done = grant ? grantClaudeTools(settings, rules) : revokeClaudeTools(settings, rules);
  if (!done.changed) return;
  await replaceWithBackup(file, text, editJsonText(text, changesAt(["permissions"], settings.permissions, done.settings.permissions)), out);
  out(`${file}: jev's tools ${grant ? "allowed" : "no longer allowed"} (permissions.allow: ${rules.join(", ")})`);
}

/**
 * `jev integrate claude-code|codex|gemini --mcp [--config FILE] [--url URL] [--print] [--remove]`: jev as a stdio MCP
 * server in the client's user config (~/.claude.json, $CODEX_HOME/config.toml, ~/.gemini/settings.json), the rest kept,
 * a backup first, idempotent. The client starts this checkout's `jev mcp --url URL`, which reads a 0600 token file.
 */
export async function integrateMcp(client: McpClient, args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, {
    mcp: { type: "boolean" },
    print: { type: "boolean" },
    remove: { type: "boolean" },
    config: { type: "string" },
    url: { type: "string" },
  });
  const config = loadConfig();
  const spec = CLIENT_FILES[client];
  const name = MCP_CLIENT_LABELS[client];
  const base = client === "codex" ? path.resolve(process.env.CODEX_HOME || path.join(config.home, ".codex")) : config.home;
  const file = path.resolve(flags.config ?? spec.configFile(base));
  const tokenFile = path.join(spec.jevDir(base), TOKEN_FILE);
  if (flags.remove) {
    // The same checks as adding: a link, a FIFO or a folder at any file this changes changes nothing anywhere.
    for (const target of [file, tokenFile, ...(client === "claude-code" ? [path.join(config.home, ".claude", "settings.json")] : [])])
      assertWritableTarget(target);
    const text = readText(file);
    const next = text === null ? null : nextConfig(client, file, text, null);
    if (next !== null) await replaceWithBackup(file, text, next, out);
    out(next === null ? `no jev MCP server in ${file}` : `jev's MCP server removed from ${file}`);
    if (fs.lstatSync(tokenFile, { throwIfNoEntry: false })) {
      fs.unlinkSync(tokenFile);
      out(`${tokenFile}: removed`);
    }
    if (client === "claude-code") await grantInClaudeSettings(config.home, false, out);
    return 0;
  }
  const url = agentServerUrl(flags.url, config);
  const token = await tokenForAgents(config);
  const launch: McpLaunch = { command: process.execPath, args: [path.join(packageRoot(), "bin", "jev.mjs"), "mcp", "--url", url, "--token-file", tokenFile] };
  if (flags.print) {
    const allow = client === "claude-code" ? { "permissions.allow": claudeToolRules(MCP_TOOL_NAMES) } : {};
    out(JSON.stringify({ config: file, mcpServers: { jev: launch }, ...allow, files: token ? [{ path: tokenFile, mode: "0600" }] : [] }, null, 2));
    return 0;
  }
  const claudeSettings = path.join(config.home, ".claude", "settings.json");
  // Every file this writes is checked first: a link, a FIFO or a folder at one of them changes nothing anywhere.
  for (const target of [file, tokenFile, ...(client === "claude-code" ? [claudeSettings] : [])]) assertWritableTarget(target);
  await checkAgainstServer(url, token, out);
  const text = readText(file);
  const next = nextConfig(client, file, text, launch);
  if (next === null) out(`jev's MCP server is already in ${file}`);
  else {
    await replaceWithBackup(file, text, next, out);
    out(`jev's MCP server added to ${file}: ${name} starts \`jev mcp --url ${url}\` and sees its tools pick_skill, report_load, list_skills, read_skill.`);
  }
  if (client === "claude-code") await grantInClaudeSettings(config.home, true, out);
  if (token) out(`${tokenFile}: ${(await writePrivate({ path: tokenFile, content: `${token}\n` })) ? "written" : "already so"} (mode 0600)`);
  else out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`${name} runs this checkout's jev (${packageRoot()}): run this again if the checkout moves.`);
  return 0;
}
