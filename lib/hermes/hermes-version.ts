import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { processWide } from "../base/process-state";
import { readHead } from "../fs/regular-file";
import { parseHermesVersion } from "./curator-defaults";

/**
 * Which Hermes runs a home, and where that was found, first that says: `JEV_HERMES_VERSION`; the installed package's
 * `hermes_cli/__init__.py` or `pyproject.toml` (`$HERMES_INSTALL_DIR`, `<home>/hermes-agent`,
 * `/usr/local/lib/hermes-agent`); `hermes --version` on PATH. Null when none does.
 */
// JEV_HERMES_VERSION is for a Hermes that runs where jev cannot look (another container).
export interface HermesVersionFound {
  version: string;
  /** Where: the variable, the file read, or the command run. */
  found: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const VERSION_RUN_TIMEOUT_MS = 5_000;
const REMEMBER_MS = 60_000;

/** `__version__ = "0.18.2"` or `version = "0.18.2"` in the first few KB of a source file. */
async function versionInFile(file: string, pattern: RegExp): Promise<string | null> {
  const head = await readHead(file, 64 * 1024);
  if (!head?.bytes) return null;
  const m = pattern.exec(head.bytes.toString("utf8"));
  return m && parseHermesVersion(m[1]) ? m[1] : null;
}

async function fromInstallDir(dir: string): Promise<HermesVersionFound | null> {
  const init = path.join(dir, "hermes_cli", "__init__.py");
  const fromInit = await versionInFile(init, /^__version__\s*=\s*["']([^"']+)["']/m);
  if (fromInit) return { version: fromInit, found: init };
  const pyproject = path.join(dir, "pyproject.toml");
  const fromProject = await versionInFile(pyproject, /^version\s*=\s*["']([^"']+)["']/m);
  return fromProject ? { version: fromProject, found: pyproject } : null;
}

/** The first executable `hermes` on PATH, or null. */
export function hermesOnPath(env: Env): string | null {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, "hermes");
    try {
      fs.accessSync(/*turbopackIgnore: true*/ candidate, fs.constants.X_OK);
      if (fs.statSync(/*turbopackIgnore: true*/ candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function runVersion(bin: string, env: Env): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(bin, ["--version"], { timeout: VERSION_RUN_TIMEOUT_MS, env: env as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 }, (err, stdout) => {
      if (err) return resolve(null);
      const m = /v?(\d+\.\d+\.\d+[^\s)]*)/.exec(String(stdout));
      resolve(m && parseHermesVersion(m[1]) ? m[1] : null);
    });
  });
}

export async function detectHermesVersion(home: string, env: Env): Promise<HermesVersionFound | null> {
  const pinned = env.JEV_HERMES_VERSION?.trim();
  if (pinned) return { version: pinned, found: "JEV_HERMES_VERSION" };
  const dirs = [env.HERMES_INSTALL_DIR, path.join(home, "hermes-agent"), "/usr/local/lib/hermes-agent"].filter((d): d is string => !!d);
  for (const dir of dirs) {
    const found = await fromInstallDir(dir);
    if (found) return found;
  }
  const bin = hermesOnPath(env);
  if (!bin) return null;
  const version = await runVersion(bin, env);
  return version ? { version, found: `${bin} --version` } : null;
}

const remembered = processWide("jev.hermesVersions", () => new Map<string, { at: number; result: Promise<HermesVersionFound | null>; refreshing?: boolean }>());

/**
 * The same, remembered per home and search path: a look older than a minute is
 * answered from memory while one new look runs behind it (a Hermes update is
 * seen a minute or so later; no page waits on `hermes --version` twice).
 */
export function hermesVersionOf(home: string, env: Env, now = Date.now()): Promise<HermesVersionFound | null> {
  const key = [home, env.JEV_HERMES_VERSION ?? "", env.HERMES_INSTALL_DIR ?? "", env.PATH ?? ""].join("\0");
  const hit = remembered.get(key);
  if (hit) {
    if (now - hit.at >= REMEMBER_MS && !hit.refreshing) {
      hit.refreshing = true;
      const fresh = detectHermesVersion(home, env);
      fresh.then(
        () => remembered.set(key, { at: Date.now(), result: fresh }),
        () => remembered.delete(key),
      );
    }
    return hit.result;
  }
  const result = detectHermesVersion(home, env);
  remembered.set(key, { at: now, result });
  if (remembered.size > 64) remembered.delete(remembered.keys().next().value!);
  return result;
}
