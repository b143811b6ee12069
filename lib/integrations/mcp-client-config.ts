import { parse as parseToml } from "smol-toml";
import { JevError } from "../base/errors";

/*
 * jev's entry in an MCP client's own config, written as the client's own `mcp add` writes it (checked against
 * Claude Code 2.1.197's `claude mcp add --scope user` and Codex 0.171.0's `codex mcp add`): a stdio server named
 * `jev` that runs `jev mcp --url … --token-file …`. Everything else in the file is kept as it is.
 */

export const MCP_SERVER_NAME = "jev";

/** The command a client starts: this checkout's `jev mcp`, relaying to the running server. */
export interface McpLaunch {
  command: string;
  args: string[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Claude Code (`~/.claude.json`, `mcpServers`): jev's entry set; `changed` false when it was already exactly so. */
export function mergeClaudeMcp(config: Json, launch: McpLaunch): { settings: Json; changed: boolean } {
  const servers = isObject(config.mcpServers) ? config.mcpServers : {};
  const entry = { type: "stdio", command: launch.command, args: launch.args, env: {} };
  if (JSON.stringify(servers[MCP_SERVER_NAME]) === JSON.stringify(entry)) return { settings: config, changed: false };
  return { settings: { ...config, mcpServers: { ...servers, [MCP_SERVER_NAME]: entry } }, changed: true };
}

/** jev's entry out of a JSON config's `mcpServers` (Claude Code's, Gemini CLI's), the rest kept. */
export function removeJsonMcp(config: Json): { settings: Json; changed: boolean } {
  if (!isObject(config.mcpServers) || !Object.hasOwn(config.mcpServers, MCP_SERVER_NAME)) return { settings: config, changed: false };
  const { [MCP_SERVER_NAME]: _gone, ...rest } = config.mcpServers;
  return { settings: { ...config, mcpServers: rest }, changed: true };
}

/**
 * Gemini CLI (`~/.gemini/settings.json`, `mcpServers`, as `gemini mcp add --scope user` writes it). `trust: true` is
 * Gemini's own "don't ask before this server's tools", the counterpart of Claude Code's `permissions.allow` grant.
 */
export function mergeGeminiMcp(settings: Json, launch: McpLaunch): { settings: Json; changed: boolean } {
  const servers = isObject(settings.mcpServers) ? settings.mcpServers : {};
  const entry = { command: launch.command, args: launch.args, trust: true };
  if (JSON.stringify(servers[MCP_SERVER_NAME]) === JSON.stringify(entry)) return { settings, changed: false };
  return { settings: { ...settings, mcpServers: { ...servers, [MCP_SERVER_NAME]: entry } }, changed: true };
}

/** A TOML table header line that belongs to jev's server: `[mcp_servers.jev]` or one of its sub-tables. */
const JEV_TABLE = /^\s*\[\s*mcp_servers\s*\.\s*(?:jev|"jev")\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$/;
const ANY_TABLE = /^\s*\[/;

/** The file's TOML, parsed; a file that is not TOML is refused as it is (nothing is written). */
function parsed(text: string, file: string): Json {
  try {
    return parseToml(text) as Json;
  } catch {
    throw new JevError("conflict", `${file} is not valid TOML; left as it is`);
  }
}

/** The lines of `text` without jev's tables (from each of their headers to the next table). */
function withoutJevTables(text: string): string[] {
  const kept: string[] = [];
  let inJev = false;
  for (const line of text.split("\n")) {
    if (ANY_TABLE.test(line)) inJev = JEV_TABLE.test(line);
    if (!inJev) kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1].trim() === "") kept.pop();
  return kept;
}

const tomlString = (s: string) => JSON.stringify(s); // a JSON string is a TOML basic string

/**
 * Codex (`$CODEX_HOME/config.toml`): jev's `[mcp_servers.jev]` table replaced or added at the end, every other line
 * (comments included) kept. A file that defines jev's server another way (an inline table) is refused as it is.
 */
export function mergeCodexMcp(text: string, file: string, launch: McpLaunch): { text: string; changed: boolean } {
  const before = parsed(text, file);
  const current = isObject(before.mcp_servers) ? before.mcp_servers[MCP_SERVER_NAME] : undefined;
  if (
    isObject(current) &&
    current.command === launch.command &&
    JSON.stringify(current.args) === JSON.stringify(launch.args) &&
    Object.keys(current).length === 2
  )
    return { text, changed: false };
  const kept = withoutJevTables(text);
  const table = [`[mcp_servers.${MCP_SERVER_NAME}]`, `command = ${tomlString(launch.command)}`, `args = [${launch.args.map(tomlString).join(", ")}]`];
  const next = `${[...kept, ...(kept.length ? [""] : []), ...table].join("\n")}\n`;
  const after = parsed(next, file);
  const written = isObject(after.mcp_servers) ? after.mcp_servers[MCP_SERVER_NAME] : undefined;
  if (!isObject(written) || written.command !== launch.command)
    throw new JevError("conflict", `${file} defines mcp_servers.jev in a form jev does not rewrite; left as it is`);
  return { text: next, changed: true };
}

export function removeCodexMcp(text: string, file: string): { text: string; changed: boolean } {
  const before = parsed(text, file);
  if (!isObject(before.mcp_servers) || !Object.hasOwn(before.mcp_servers, MCP_SERVER_NAME)) return { text, changed: false };
  const kept = withoutJevTables(text);
  const next = kept.length ? `${kept.join("\n")}\n` : "";
  const after = parsed(next, file);
  if (isObject(after.mcp_servers) && Object.hasOwn(after.mcp_servers, MCP_SERVER_NAME))
    throw new JevError("conflict", `${file} defines mcp_servers.jev in a form jev does not rewrite; left as it is`);
  return { text: next, changed: true };
}

/** jev's tools as Claude Code names them in `permissions.allow`: granted once, as "always allow" would. */
export function claudeToolRules(tools: readonly string[]): string[] {
  return tools.map((tool) => `mcp__${MCP_SERVER_NAME}__${tool}`);
}

/** Claude Code's settings with jev's tools in `permissions.allow` (the rest kept); `changed` false when they were all there. */
export function grantClaudeTools(settings: Json, rules: readonly string[]): { settings: Json; changed: boolean } {
  const permissions = isObject(settings.permissions) ? settings.permissions : {};
  const allow = Array.isArray(permissions.allow) ? permissions.allow : [];
  const missing = rules.filter((rule) => !allow.includes(rule));
  if (missing.length === 0) return { settings, changed: false };
  return { settings: { ...settings, permissions: { ...permissions, allow: [...allow, ...missing] } }, changed: true };
}

export function revokeClaudeTools(settings: Json, rules: readonly string[]): { settings: Json; changed: boolean } {
  const permissions = isObject(settings.permissions) ? settings.permissions : null;
  if (!permissions || !Array.isArray(permissions.allow) || !permissions.allow.some((r) => rules.includes(r))) return { settings, changed: false };
  return { settings: { ...settings, permissions: { ...permissions, allow: permissions.allow.filter((r) => !rules.includes(r)) } }, changed: true };
}
