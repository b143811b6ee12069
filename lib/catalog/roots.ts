import fs from "node:fs";
import path from "node:path";
import { readHermesSkillsConfig } from "../hermes/config-yaml";
import { expandPath, homeDir } from "./expand-path";

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
export function discoverRoots(hermesHome: string, env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const home = path.resolve(hermesHome);
  const { externalDirs } = readHermesSkillsConfig(home);
  return existingUnique([path.join(home, "skills"), ...externalDirs.map((d) => expandPath(d, home, env))]);
}

export interface DefaultRootsOptions {
  hermesHome: string;
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Serving a Hermes agent: its working directory's `./skills` is not read. */
  servingHermes?: boolean;
}

/**
 * How long a resolved list of default roots is reused. Roots themselves rarely
 * appear or vanish; a new root is picked up within this time. (Changes inside
 * roots are caught by discovery's own watch, immediately.)
 */
const ROOTS_TTL_MS = 2_000;
// copy-local: a 2-second memo of resolved paths; nothing forgets it early.
const resolvedRoots = new Map<string, { at: number; roots: string[] }>();

/** Hermes roots, then `~/.claude/skills`, Codex's `~/.codex/skills` (its installer's) and `~/.agents/skills` (where Codex reads a user's skills), `./skills`. */
export function defaultRoots(opts: DefaultRootsOptions): string[] {
  const env = opts.env ?? process.env;
  const key = [opts.hermesHome, opts.cwd ?? process.cwd(), homeDir(env), opts.servingHermes ? 1 : 0].join("\0");
  const hit = resolvedRoots.get(key);
  if (hit && Date.now() - hit.at < ROOTS_TTL_MS) return hit.roots;
  const roots = resolveDefaultRoots(opts);
  if (resolvedRoots.size > 32) resolvedRoots.clear();
  resolvedRoots.set(key, { at: Date.now(), roots });
  return roots;
}

function resolveDefaultRoots(opts: DefaultRootsOptions): string[] {
  return existingUnique(defaultRootCandidates(opts));
}

/** Every folder the default roots are looked for in, whether it exists or not (what a start-up line or `jev doctor` names). */
export function defaultRootCandidates(opts: DefaultRootsOptions): string[] {
  const env = opts.env ?? process.env;
  const home = homeDir(env);
  const hermesHome = path.resolve(opts.hermesHome);
  const candidates = [
    path.join(hermesHome, "skills"),
    ...readHermesSkillsConfig(hermesHome).externalDirs.map((d) => expandPath(d, hermesHome, env)),
    path.join(home, ".claude", "skills"),
    path.join(home, ".codex", "skills"),
    path.join(home, ".agents", "skills"),
  ];
  if (!opts.servingHermes) candidates.push(path.resolve(opts.cwd ?? process.cwd(), "skills"));
  return [...new Set(candidates)];
}
