import fs from "node:fs";
import path from "node:path";
import { type Fence, isInside } from "./fence";
import { defaultRoots } from "./roots";

/**
 * Which folders an API client may have the server read (`roots` of pick-skill), and where a symlink met in any walk
 * may lead. The server reads with its own rights, so a client must not point it at `/`, `/proc` or another user's
 * files: only `JEV_ALLOWED_ROOTS`, or by default the default roots and the folders under the server user's home. The
 * CLI's `--root` is not checked (it runs as the user), but its walks keep to the same fence.
 */
export interface RootPolicy {
  /** Real paths a walk may enter through a symlink. */
  fence: Fence;
  /** True when a client may name `root`. */
  allows(root: string): boolean;
}

/** The real path of `p`, or its absolute form when it does not exist (yet). */
export function realOrResolved(p: string): string {
  const resolved = path.resolve(p);
  try {
    return fs.realpathSync.native(resolved);
  } catch {
    return resolved;
  }
}

/** The part of jev's configuration the policy reads (JevConfig has it; the catalog sits below lib/config). */
export interface RootSettings {
  allowedRoots: readonly string[] | null;
  hermesHome: string;
  home: string;
  pathVars: Readonly<Record<string, string | undefined>>;
}

/** Reused this long per configuration, like the default roots it is made of (roots.ts). */
const POLICY_TTL_MS = 2_000;
// copy-local: a 2-second memo keyed by the configuration object.
const policies = new WeakMap<RootSettings, { at: number; policy: RootPolicy }>();

/** The policy for this configuration; built at most every 2 s (it resolves every default root). */
export function rootPolicy(config: RootSettings): RootPolicy {
  const hit = policies.get(config);
  if (hit && Date.now() - hit.at < POLICY_TTL_MS) return hit.policy;
  const policy = buildPolicy(config);
  policies.set(config, { at: Date.now(), policy });
  return policy;
}

function buildPolicy(config: RootSettings): RootPolicy {
  if (config.allowedRoots) {
    const allowed = config.allowedRoots.map(realOrResolved);
    const fence = { roots: allowed, linkedFileRoots: allowed };
    return { fence, allows: (root) => isInside(realOrResolved(root), fence) };
  }
  const defaults = { roots: defaultRoots({ hermesHome: config.hermesHome, env: { ...config.pathVars, HOME: config.home } }).map(realOrResolved) };
  const home = realOrResolved(config.home);
  // A home of `/` (some service accounts) would allow everything: then only the default roots count.
  const underHome = (real: string) => home !== path.parse(home).root && real.startsWith(home + path.sep);
  return {
    fence: { roots: home === path.parse(home).root ? defaults.roots : [...defaults.roots, home], linkedFileRoots: defaults.roots },
    allows: (root) => {
      const real = realOrResolved(root);
      return isInside(real, defaults) || underHome(real);
    },
  };
}
