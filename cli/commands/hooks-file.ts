import fs from "node:fs";
import path from "node:path";
import { JevError } from "../../lib/base/errors";
import { probeServer } from "../../lib/doctor/server-probe";
import { atomicWriteFile } from "../../lib/fs/atomic-write";
import { readOwnedFileSync } from "../../lib/fs/regular-file";
import { assertWritableTarget, ensurePrivateFolder } from "../../lib/fs/safe-target";
import { mergeHookEntries, removeHookEntries } from "../../lib/integrations/claude-settings";
import { changesAt, editJsonText } from "../../lib/integrations/json-edit";
import { isHttpUrl, serverToReach } from "../../lib/integrations/server-url";
import { UsageError } from "../usage";

type Json = Record<string, unknown>;

/** A file the command writes for the hook, mode 0600 in a 0700 folder (the token is a secret). */
export interface HookFile {
  path: string;
  content: string;
}

/** An agent's hooks file as it is: null when it does not exist yet; a file that is not a JSON object is refused as it is. */
export function readHooksFile(file: string): { text: string | null; settings: Json } {
  // A link, a FIFO, a folder or an oversized file is refused before anything is read through it or written.
  const text = readOwnedFileSync(file) ?? null;
  return { text, settings: jsonSettingsOf(text, file) };
}

/** A JSON config's text as an object ({} for none or blank); one that is not a JSON object is refused as it is. */
export function jsonSettingsOf(text: string | null, file: string): Json {
  if (text === null || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new JevError("conflict", `${file} is not JSON; left as it is`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new JevError("conflict", `${file} is not a JSON object; left as it is`);
  return parsed as Json;
}

/** Write a hook file privately, unless it already says this; true when it changed. Its folder is jev's own: 0700. */
export async function writePrivate(file: HookFile): Promise<boolean> {
  ensurePrivateFolder(path.dirname(file.path));
  const now = fs.lstatSync(file.path, { throwIfNoEntry: false });
  if (now?.isFile() && (now.mode & 0o077) === 0 && readOwnedFileSync(file.path, 64 * 1024) === file.content) return false;
  await atomicWriteFile(file.path, file.content, `.${path.basename(file.path)}.jev`, { mode: 0o600 });
  return true;
}

/**
 * Write the merged hooks file, a backup of the old one first; false (and nothing written) when jev's entries were there
 * already. Only the hook events that changed are edited in the text; every other byte of the file is kept.
 */
async function writeMerged(
  file: string,
  text: string | null,
  before: Json,
  merged: { settings: Json; changed: boolean },
  out: (line: string) => void,
): Promise<boolean> {
  if (!merged.changed) {
    out(`jev's hooks are already in ${file}`);
    return false;
  }
  await replaceWithBackup(file, text, editJsonText(text, changesAt(["hooks"], before.hooks, merged.settings.hooks)), out);
  return true;
}

/** Write `content` to an agent's file, a copy of what was there (`text`) first; the file keeps its mode (atomicWriteFile). */
export async function replaceWithBackup(file: string, text: string | null, content: string, out: (line: string) => void): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) {
    const backup = `${file}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.copyFileSync(file, backup);
    out(`backup: ${backup}`);
  }
  await atomicWriteFile(file, content, `.${path.basename(file)}.jev`);
}

/** The files the hook reads its server from: `<dir>/url`, and `<dir>/token` when jev can show the token. */
function serverFiles(dir: string, url: string, token: string | null): HookFile[] {
  const files: HookFile[] = [{ path: path.join(dir, "url"), content: `${url}\n` }];
  if (token) files.push({ path: path.join(dir, "token"), content: `${token}\n` });
  return files;
}

/** The server URL an agent is given: `--url`, else the running server's, else HOST and PORT; anything but http(s) is bad usage. */
export function agentServerUrl(flag: string | undefined, config: { host: string; port: number; dbFile: string }): string {
  const { url } = serverToReach(flag, config);
  if (!isHttpUrl(url)) throw new UsageError("--url must be an http:// or https:// address");
  return url;
}

/**
 * Before anything is written: does the server at `url` take `token`? A token
 * it rejects (it was started with its own JEV_API_TOKEN) is refused, nothing
 * written; a server that is not up yet is only a note (it may be started later).
 */
export async function checkAgainstServer(url: string, token: string | null, out: (line: string) => void): Promise<void> {
  const probe = await probeServer(url, token);
  if (!probe.up) return out(`note: no jev server answers at ${url} yet; once it runs, \`npx jev doctor\` checks this set-up`);
  if (probe.token === "rejected")
    throw new JevError(
      "conflict",
      `the server at ${url} rejects this token (it was started with another JEV_API_TOKEN): run this again with that JEV_API_TOKEN set; nothing was written`,
    );
  if (probe.token === "accepted") out(`checked: ${url} answers and takes the token`);
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
  /** Copies the hook's files where the entries point (after the server check, before the entries are written). */
  installFiles: () => Promise<{ script: string; changed: boolean }>;
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
  // Every file this writes is checked first: a link, a FIFO or a folder at one of them changes nothing anywhere.
  for (const target of [hooks.file, ...files.map((f) => f.path)]) assertWritableTarget(target);
  await checkAgainstServer(hooks.url, hooks.token, out);
  const { text, settings } = readHooksFile(hooks.file);
  const copied = await hooks.installFiles();
  out(`${copied.script}: ${copied.changed ? "copied from this checkout" : "already so"} (the hook runs from there)`);
  if (await writeMerged(hooks.file, text, settings, mergeHookEntries(settings, hooks.entries), out)) for (const line of hooks.addedLines) out(line);
  if (!hooks.python) out("note: no Python 3.8 or later found as python3; the hooks call `python3` through PATH on each prompt");
  for (const f of files) out(`${f.path}: ${(await writePrivate(f)) ? "written" : "already so"} (mode 0600)`);
  if (!hooks.token) out("note: the API token is kept only as a hash here; run `jev token --new` and then this command again");
  out(`The hook asks ${hooks.url}; JEV_URL and JEV_API_TOKEN in ${hooks.agent}'s environment win over these files.`);
  return 0;
}

/** `--remove`: jev's entries out of the agent's hooks file (a backup first, the rest kept) and the URL and token files gone. */
export async function removeAgentHooks(hooks: Pick<AgentHooks, "agent" | "file" | "jevDir">, out: (line: string) => void): Promise<number> {
  // The same checks as adding: a link, a FIFO or a folder where a file is changes nothing anywhere.
  for (const target of [hooks.file, path.join(hooks.jevDir, "url"), path.join(hooks.jevDir, "token")]) assertWritableTarget(target);
  const { text, settings } = readHooksFile(hooks.file);
  const removed = removeHookEntries(settings);
  if (removed.changed) {
    await writeMerged(hooks.file, text, settings, removed, out);
    out(`jev's hooks removed from ${hooks.file}`);
  } else out(`no jev hooks in ${hooks.file}`);
  for (const name of ["url", "token"]) {
    const file = path.join(hooks.jevDir, name);
    if (fs.lstatSync(file, { throwIfNoEntry: false })) {
      fs.unlinkSync(file);
      out(`${file}: removed`);
    }
  }
  try {
    fs.rmdirSync(hooks.jevDir); // only when nothing else is in it
  } catch {
    // not empty, or not there
  }
  out(`${hooks.agent} no longer asks jev.`);
  return 0;
}
