import fs from "node:fs";
import path from "node:path";
import { parse } from "dotenv";
import { parse as parseToml } from "smol-toml";
import { readSmallTextSync } from "../fs/regular-file";
import { HOOK_SCRIPT_NAME } from "../integrations/claude-settings";
import { type CodexTrust, jevCodexHooks } from "../integrations/codex-trust";
import type { KnownAgent } from "../vocab/agents";
import type { McpClient } from "../vocab/mcp-clients";

/** One agent's jev set-up as its files say it (no network): what `jev doctor` checks against the server. */
export interface AgentSetup {
  agent: KnownAgent;
  /** jev's hook (or plugin) is in the agent's own configuration. */
  installed: boolean;
  /** Where that was looked for. */
  where: string;
  /** The URL and token the hook or plugin will send, from the files `jev integrate` writes (null: none). */
  url: string | null;
  token: string | null;
  /** Codex only: whether Codex will run jev's hooks, by its trust state (`hooks.state` in config.toml); null for other agents. */
  trust: CodexTrust | null;
  /** Codex only: jev's hooks were written by an older jev, with a timeout key Codex does not read (it then allows 600 s). */
  timeoutUnread?: boolean;
}

const read = (file: string) => readSmallTextSync(file, 1_000_000) ?? null;
const firstLine = (file: string) => read(file)?.trim() || null;

/** True when a hooks file (Claude Code's settings.json, Codex's hooks.json) runs jev's hook script. */
function hooksFileRunsJev(file: string): boolean {
  const text = read(file);
  if (!text) return false;
  try {
    const hooks = (JSON.parse(text) as { hooks?: Record<string, unknown> }).hooks;
    return JSON.stringify(hooks?.UserPromptSubmit ?? []).includes(HOOK_SCRIPT_NAME);
  } catch {
    return false;
  }
}

/** An agent whose hook jev installs: its hooks file, and the URL and token files `jev integrate` writes beside it. */
function hookSetup(agent: "claude-code" | "codex", hooksFile: string, jevDir: string): AgentSetup {
  return {
    agent,
    installed: hooksFileRunsJev(hooksFile),
    where: hooksFile,
    url: firstLine(path.join(jevDir, "url")),
    token: firstLine(path.join(jevDir, "token")),
    trust: null,
  };
}

export function claudeCodeSetup(home: string): AgentSetup {
  return hookSetup("claude-code", path.join(home, ".claude", "settings.json"), path.join(home, ".claude", "jev"));
}

/** Codex: its hooks file, and whether it runs jev's hooks (lib/integrations/codex-trust.ts). */
export function codexSetup(codexHome: string): AgentSetup {
  const hooks = path.join(codexHome, "hooks.json");
  const { trust, timeoutUnread } = jevCodexHooks(codexHome, hooks);
  return { ...hookSetup("codex", hooks, path.join(codexHome, "jev")), trust, timeoutUnread };
}

export function hermesSetup(hermesHome: string): AgentSetup {
  const plugin = path.join(hermesHome, "plugins", "jev");
  const env = new Map(Object.entries(parse(read(path.join(hermesHome, ".env")) ?? "")));
  return {
    agent: "hermes",
    installed: fs.existsSync(path.join(plugin, "__init__.py")),
    where: plugin,
    url: env.get("JEV_URL") ?? null,
    token: env.get("JEV_API_TOKEN") ?? null,
    trust: null,
  };
}

/** An MCP client's jev entry as its config says it (`jev integrate <client> --mcp`): what `jev doctor` checks. */
export interface McpSetup {
  client: McpClient;
  /** The config file it was looked for in. */
  where: string;
  /** The `jev mcp` the client starts (this checkout's bin/jev.mjs), the URL it relays to and the token its file holds. */
  bin: string | null;
  url: string | null;
  token: string | null;
}

type Launch = { command?: unknown; args?: unknown };

/** The setup a `jev mcp --url … --token-file …` entry describes; null for no entry, or one jev did not write. */
function fromLaunch(client: McpSetup["client"], where: string, entry: Launch | undefined): McpSetup | null {
  if (!entry || !Array.isArray(entry.args) || !entry.args.every((a) => typeof a === "string")) return null;
  const args = entry.args as string[];
  const after = (flag: string) => (args.includes(flag) ? (args[args.indexOf(flag) + 1] ?? null) : null);
  if (args[1] !== "mcp") return null;
  const tokenFile = after("--token-file");
  return { client, where, bin: args[0] ?? null, url: after("--url"), token: tokenFile ? firstLine(tokenFile) : null };
}

/** jev's entry in a JSON config's `mcpServers` (Claude Code's ~/.claude.json, Gemini CLI's settings.json). */
function jsonMcpSetup(client: McpClient, where: string): McpSetup | null {
  try {
    const servers = (JSON.parse(read(where) ?? "{}") as { mcpServers?: Record<string, Launch> }).mcpServers;
    return fromLaunch(client, where, servers && Object.hasOwn(servers, "jev") ? servers.jev : undefined);
  } catch {
    return null;
  }
}

export const claudeCodeMcpSetup = (home: string) => jsonMcpSetup("claude-code", path.join(home, ".claude.json"));
export const geminiMcpSetup = (home: string) => jsonMcpSetup("gemini", path.join(home, ".gemini", "settings.json"));

export function codexMcpSetup(codexHome: string): McpSetup | null {
  const where = path.join(codexHome, "config.toml");
  try {
    const servers = (parseToml(read(where) ?? "") as { mcp_servers?: Record<string, Launch> }).mcp_servers;
    return fromLaunch("codex", where, servers && Object.hasOwn(servers, "jev") ? servers.jev : undefined);
  } catch {
    return null;
  }
}
