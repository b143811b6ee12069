import fs from "node:fs";
import path from "node:path";
import { localServerUrl } from "../../lib/config";
import { JevError } from "../../lib/errors";
import { atomicWriteFile } from "../../lib/fs/atomic-write";
import { mergeHookEntries } from "../../lib/integrations/claude-settings";
import { UsageError } from "../usage";

type Json = Record<string, unknown>;

/** A file the command writes for the hook, mode 0600 in a 0700 folder (the token is a secret). */
interface HookFile {
  path: string;
  content: string;
}

/** An agent's hooks file as it is: null when it does not exist yet; a file that is not a JSON object is refused as it is. */
function readHooksFile(file: string): { text: string | null; settings: Json } {
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

/** Write the merged hooks file, a backup of the old one first; false (and nothing written) when jev's entries were there already. */
async function writeMerged(file: string, text: string | null, merged: { settings: Json; changed: boolean }, out: (line: string) => void): Promise<boolean> {
  if (!merged.changed) {
    out(`jev's hooks are already in ${file}`);
    return false;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) {
    const backup = `${file}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.copyFileSync(file, backup);
    out(`backup: ${backup}`);
  }
  await atomicWriteFile(file, `${JSON.stringify(merged.settings, null, 2)}\n`, `.${path.basename(file)}.jev`);
  return true;
}

/** The files the hook reads its server from: `<dir>/url`, and `<dir>/token` when jev can show the token. */
function serverFiles(dir: string, url: string, token: string | null): HookFile[] {
  const files: HookFile[] = [{ path: path.join(dir, "url"), content: `${url}\n` }];
  if (token) files.push({ path: path.join(dir, "token"), content: `${token}\n` });
  return files;
}

/** The server URL an agent is given: `--url`, else this server's HOST and PORT; anything but http(s) is bad usage. */
export function agentServerUrl(flag: string | undefined, config: { host: string; port: number }): string {
  const url = (flag ?? localServerUrl(config)).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError("--url must be an http:// or https:// address");
  return url;
}

export interface AgentHooks {
  /** How the agent is named in the lines printed ("Claude Code", "Codex"). */
  agent: string;
  /** The agent's hooks file, and the key `--print` names it by. */
  file: string;
  printKey: string;
  entries: Json;
  /** Where the hook reads the server's URL and token. */
  jevDir: string;
  url: string;
  token: string | null;
  python: string | null;
  /** What to say once the entries are added. */
  addedLines: string[];
}

/** Put an agent's hooks in its file (a backup first, idempotent) and the server files beside it (0600); `print` shows it all and writes nothing. */
export async function installAgentHooks(hooks: AgentHooks, print: boolean, out: (line: string) => void): Promise<number> {
  const files = serverFiles(hooks.jevDir, hooks.url, hooks.token);
  if (print) {
    out(JSON.stringify({ [hooks.printKey]: hooks.file, hooks: hooks.entries, files: files.map((f) => ({ ...f, mode: "0600" })) }, null, 2));
    return 0;
  }
  const { text, settings } = readHooksFile(hooks.file);
  if (await writeMerged(hooks.file, text, mergeHookEntries(settings, hooks.entries), out)) for (const line of hooks.addedLines) out(line);
  if (!hooks.python) out("note: no Python 3.8 or later found as python3; the hooks call `python3` through PATH on each prompt");
  for (const f of files) out(`${f.path}: ${(await writePrivate(f)) ? "written" : "already so"} (mode 0600)`);
  if (!hooks.token) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`The hook asks ${hooks.url}; JEV_URL and JEV_API_TOKEN in ${hooks.agent}'s environment win over these files.`);
  return 0;
}
