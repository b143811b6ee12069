import fs from "node:fs";
import path from "node:path";
import { loadConfig, localServerUrl, packageRoot } from "../../lib/config";
import { JevError } from "../../lib/errors";
import { atomicWriteFile } from "../../lib/fs/atomic-write";
import { HOOK_SCRIPT_NAME, jevHookEntries, mergeJevHooks } from "../../lib/integrations/claude-settings";
import { findPython } from "../../lib/integrations/python-interpreter";
import { parseFlags, UsageError } from "../usage";
import { tokenForAgents } from "./token-for-agents";

type Json = Record<string, unknown>;

/** A file the command writes for the hook, mode 0600 in a 0700 folder (the token is a secret). */
interface HookFile {
  path: string;
  content: string;
}

/** The settings file as it is: null when it does not exist yet; a file that is not a JSON object is refused as it is. */
function readSettings(file: string): { text: string | null; settings: Json } {
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new JevError("internal", `cannot read ${file}`);
  }
  if (text === null || text.trim() === "") return { text, settings: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new JevError("conflict", `${file} is not JSON; left as it is`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new JevError("conflict", `${file} is not a JSON object; left as it is`);
  return { text, settings: parsed as Json };
}

/** Write a hook file privately, unless it already says this; true when it changed. */
async function writePrivate(file: HookFile): Promise<boolean> {
  const now = fs.statSync(file.path, { throwIfNoEntry: false });
  if (now?.isFile() && (now.mode & 0o077) === 0 && fs.readFileSync(file.path, "utf8") === file.content) return false;
  fs.mkdirSync(path.dirname(file.path), { recursive: true, mode: 0o700 });
  await atomicWriteFile(file.path, file.content, `.${path.basename(file.path)}.jev`, { mode: 0o600 });
  return true;
}

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
  const jevDir = path.join(config.home, ".claude", "jev");
  const files: HookFile[] = [{ path: path.join(jevDir, "url"), content: `${url}\n` }];
  if (token) files.push({ path: path.join(jevDir, "token"), content: `${token}\n` });
  const file = path.resolve(flags.settings ?? path.join(config.home, ".claude", "settings.json"));
  if (flags.print) {
    out(JSON.stringify({ settings: file, hooks: jevHookEntries(script, python), files: files.map((f) => ({ ...f, mode: "0600" })) }, null, 2));
    return 0;
  }
  const { text, settings } = readSettings(file);
  const merged = mergeJevHooks(settings, script, python);
  if (!merged.changed) out(`jev's hooks are already in ${file}`);
  else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (text !== null) {
      const backup = `${file}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.copyFileSync(file, backup);
      out(`backup: ${backup}`);
    }
    await atomicWriteFile(file, `${JSON.stringify(merged.settings, null, 2)}\n`, ".settings.json.jev");
    out(`jev's hooks added to ${file}: UserPromptSubmit asks jev which skill fits, PostToolUse reports Skill loads.`);
  }
  if (!python) out("note: no Python 3.8 or later found as python3; the hooks call `python3` through PATH on each prompt");
  for (const f of files) out(`${f.path}: ${(await writePrivate(f)) ? "written" : "already so"} (mode 0600)`);
  if (!token) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`The hook asks ${url}; JEV_URL and JEV_API_TOKEN in Claude Code's environment win over these files.`);
  return 0;
}
