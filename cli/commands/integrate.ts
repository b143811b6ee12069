import fs from "node:fs";
import path from "node:path";
import { getDb } from "../../db/client";
import { ensureApiToken, shownToken, tokenSources } from "../../lib/auth/api-token";
import { loadConfig, localServerUrl, packageRoot } from "../../lib/config";
import { JevError } from "../../lib/errors";
import { atomicWriteFile } from "../../lib/fs/atomic-write";
import { HOOK_SCRIPT_NAME, jevHookEntries, mergeJevHooks } from "../../lib/integrations/claude-settings";
import { writeDotenv } from "../../lib/integrations/dotenv-file";
import { installHermesPlugin } from "../../lib/integrations/hermes-install";
import { parseFlags, UsageError } from "../usage";

/**
 * `jev integrate claude-code [--print] [--settings FILE]`: put jev's hooks in
 * Claude Code's settings (default ~/.claude/settings.json), keeping everything
 * else in the file. A backup is taken before the file changes; running it
 * again changes nothing. `--print` shows the entries instead of writing.
 */
export async function integrateCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [agent, ...rest] = args;
  if (agent === "hermes") return integrateHermes(rest, out);
  if (agent !== "claude-code") throw new UsageError("integrate takes claude-code or hermes");
  const flags = parseFlags(rest, { print: { type: "boolean" }, settings: { type: "string" } });
  const config = loadConfig();
  const script = path.join(packageRoot(), "integrations", "claude-code", HOOK_SCRIPT_NAME);
  if (flags.print) {
    out(JSON.stringify({ hooks: jevHookEntries(script) }, null, 2));
    return 0;
  }
  const file = path.resolve(flags.settings ?? path.join(config.home, ".claude", "settings.json"));
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new JevError("internal", `cannot read ${file}`);
  }
  let settings: Record<string, unknown> = {};
  if (text !== null && text.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new JevError("conflict", `${file} is not JSON; left as it is`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new JevError("conflict", `${file} is not a JSON object; left as it is`);
    settings = parsed as Record<string, unknown>;
  }
  const merged = mergeJevHooks(settings, script);
  if (!merged.changed) {
    out(`jev's hooks are already in ${file}`);
    return 0;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) {
    const backup = `${file}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.copyFileSync(file, backup);
    out(`backup: ${backup}`);
  }
  await atomicWriteFile(file, `${JSON.stringify(merged.settings, null, 2)}\n`, ".settings.json.jev");
  out(`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports Skill loads.`);
  out("Claude Code sends them to JEV_URL (default http://127.0.0.1:3000) with JEV_API_TOKEN: export it, or put it in ~/.claude/jev/token.");
  return 0;
}

/** The token agents send, when jev can show it (the env's, or the token file's, made on first use); null when only its hash is left. */
async function tokenForAgents(config: ReturnType<typeof loadConfig>): Promise<string | null> {
  if (config.apiToken) return config.apiToken;
  const sources = tokenSources(config);
  const db = getDb();
  const generated = await ensureApiToken(db, sources);
  return generated.token ?? (await shownToken(db, sources));
}

/**
 * `jev integrate hermes [--hermes-home DIR] [--url URL] [--print]`: link the plugin into the Hermes
 * home, enable it in config.yaml, and put JEV_URL and JEV_API_TOKEN in `$HERMES_HOME/.env` (0600),
 * where the plugin reads them. `--print` shows what it would write and writes nothing.
 */
async function integrateHermes(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { "hermes-home": { type: "string" }, url: { type: "string" }, print: { type: "boolean" } });
  const config = loadConfig();
  const hermesHome = path.resolve(flags["hermes-home"] ?? config.hermesHome);
  const url = flags.url ?? localServerUrl(config);
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError("--url must be an http:// or https:// address");
  const token = await tokenForAgents(config);
  const env = new Map([["JEV_URL", url.replace(/\/+$/, "")]]);
  if (token) env.set("JEV_API_TOKEN", token);
  const envFile = path.join(hermesHome, ".env");
  const pluginSource = path.join(packageRoot(), "integrations", "hermes", "jev");
  if (flags.print) {
    out(`link ${path.join(hermesHome, "plugins", "jev")} -> ${pluginSource}`);
    out(`add jev to plugins.enabled in ${path.join(hermesHome, "config.yaml")}`);
    out(`set in ${envFile} (mode 0600):`);
    for (const [key, value] of env) out(`  ${key}=${value}`);
    return 0;
  }
  const done = await installHermesPlugin(hermesHome, pluginSource);
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
