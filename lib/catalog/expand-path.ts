import os from "node:os";
import path from "node:path";

/**
 * Expand `~` and `$VAR` / `${VAR}` like Python's expanduser + expandvars
 * (unknown variables stay as written), then resolve relative paths against `base`.
 */
export function expandPath(raw: string, base: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  let p = raw.trim();
  if (p === "~" || p.startsWith("~/")) p = path.join(env.HOME || os.homedir(), p.slice(1));
  p = p.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced, bare) => {
    const value = env[braced ?? bare];
    return value === undefined ? whole : value;
  });
  return path.resolve(base, p);
}

export function homeDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.HOME || os.homedir();
}
