import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../config";
import { atomicWriteFile } from "../fs/atomic-write";
import { assertWritableTarget, ensurePrivateFolder } from "../fs/safe-target";
import { HOOK_SCRIPT_NAME } from "./claude-settings";

/**
 * The hook's files, copied out of the clone to a per-user place (`$XDG_DATA_HOME/jev`, default `~/.local/share/jev`)
 * with the clone's layout, so the agents' settings name a path that stays put when the clone moves, is deleted or is
 * installed globally. The hook loads the Hermes plugin's `shortlist.py` by its relative path, so it comes along.
 */
const FILES = [path.join("integrations", "claude-code", HOOK_SCRIPT_NAME), path.join("integrations", "hermes", "jev", "shortlist.py")];

export function hookHome(home: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const data = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(home, ".local", "share");
  return path.join(data, "jev");
}

/** Copy the hook's files (written only when they differ; folders 0700, so no other user can swap a script the agent runs); the script's path. */
export async function installHookFiles(home: string, env?: Readonly<Record<string, string | undefined>>): Promise<{ script: string; changed: boolean }> {
  const target = hookHome(home, env);
  let changed = false;
  for (const file of FILES) {
    const from = path.join(packageRoot(), file);
    const to = path.join(target, file);
    const text = fs.readFileSync(from, "utf8");
    privateFoldersDown(target, path.dirname(to));
    assertWritableTarget(to);
    if (readOrNull(to) === text) continue;
    await atomicWriteFile(to, text, `.${path.basename(to)}.jev`, { mode: 0o600 });
    changed = true;
  }
  return { script: path.join(target, FILES[0]), changed };
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

const PLUGIN_FOLDER = path.join("integrations", "hermes", "jev");

/**
 * The Hermes plugin's files, copied to the same per-user place (the link in
 * `$HERMES_HOME/plugins/jev` points at the copy, so Hermes never loads from
 * the clone): written only when they differ; its folder.
 */
export async function installHermesPluginFiles(
  home: string,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<{ folder: string; changed: boolean }> {
  const from = path.join(packageRoot(), PLUGIN_FOLDER);
  const to = path.join(hookHome(home, env), PLUGIN_FOLDER);
  privateFoldersDown(hookHome(home, env), to);
  let changed = false;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile() || !/\.(py|yaml)$/.test(entry.name)) continue;
    const text = fs.readFileSync(path.join(from, entry.name), "utf8");
    assertWritableTarget(path.join(to, entry.name));
    if (readOrNull(path.join(to, entry.name)) === text) continue;
    await atomicWriteFile(path.join(to, entry.name), text, `.${entry.name}.jev`, { mode: 0o600 });
    changed = true;
  }
  return { folder: to, changed };
}

/** Every folder from `top` down to `dir` made (or narrowed to) 0700 and refused when it is a link: the agent runs what is in them. */
function privateFoldersDown(top: string, dir: string): void {
  const parts = path.relative(top, dir).split(path.sep).filter(Boolean);
  let at = top;
  fs.mkdirSync(path.dirname(top), { recursive: true });
  ensurePrivateFolder(at);
  for (const part of parts) {
    at = path.join(at, part);
    ensurePrivateFolder(at);
  }
}
