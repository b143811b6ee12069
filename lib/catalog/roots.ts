import fs from "node:fs";
import path from "node:path";
import { expandPath, homeDir } from "./expand-path";
import { readHermesSkillsConfig } from "./hermes-config";

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Keep existing folders, first occurrence wins (compared by real path). */
export function existingUnique(paths: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of paths) {
    if (!isDir(p)) continue;
    const real = fs.realpathSync(p);
    if (seen.has(real)) continue;
    seen.add(real);
    out.push(p);
  }
  return out;
}

/**
 * The Hermes roots: `<home>/skills`, then each `skills.external_dirs` entry in
 * config order (`~`/`$VAR` expanded, relative to the home), missing folders and
 * duplicates dropped (selection spec §1).
 */
export function discoverRoots(hermesHome: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const home = path.resolve(hermesHome);
  const { externalDirs } = readHermesSkillsConfig(home);
  return existingUnique([path.join(home, "skills"), ...externalDirs.map((d) => expandPath(d, home, env))]);
}

export interface DefaultRootsOptions {
  hermesHome: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Serving a Hermes agent: its working directory's `./skills` is not read. */
  servingHermes?: boolean;
}

/** Hermes roots, then `~/.claude/skills`, `~/.codex/skills`, `./skills`. */
export function defaultRoots(opts: DefaultRootsOptions): string[] {
  const env = opts.env ?? process.env;
  const home = homeDir(env);
  const candidates = [
    ...discoverRoots(opts.hermesHome, env),
    path.join(home, ".claude", "skills"),
    path.join(home, ".codex", "skills"),
  ];
  if (!opts.servingHermes) candidates.push(path.resolve(opts.cwd ?? process.cwd(), "skills"));
  return existingUnique(candidates);
}
