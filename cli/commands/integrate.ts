import fs from "node:fs";
import path from "node:path";
import { loadConfig, packageRoot } from "../../lib/config";
import { JevError } from "../../lib/errors";
import { atomicWriteFile } from "../../lib/fs/atomic-write";
import { HOOK_SCRIPT_NAME, jevHookEntries, mergeJevHooks } from "../../lib/integrations/claude-settings";
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

/** `jev integrate hermes [--hermes-home DIR]`: link the plugin into the Hermes home and enable it in config.yaml. */
async function integrateHermes(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { "hermes-home": { type: "string" } });
  const config = loadConfig();
  const hermesHome = path.resolve(flags["hermes-home"] ?? config.hermesHome);
  const done = await installHermesPlugin(hermesHome, path.join(packageRoot(), "integrations", "hermes", "jev"));
  const link = { created: "linked", kept: "already linked", replaced: "relinked (it pointed to another checkout)" }[done.linked];
  out(`jev's Hermes plugin ${link} at ${path.join(hermesHome, "plugins", "jev")}`);
  if (done.backup) out(`backup: ${done.backup}`);
  out(done.enabled === "added" ? `enabled in ${path.join(hermesHome, "config.yaml")} (plugins.enabled)` : "already enabled in config.yaml");
  if (done.disabledWins) out("note: jev is also in plugins.disabled, which wins in Hermes: remove it there to turn the plugin on");
  out("Hermes sends each turn to JEV_URL (default http://127.0.0.1:3000) with JEV_API_TOKEN: put both in $HERMES_HOME/.env. /jev status checks.");
  return 0;
}
