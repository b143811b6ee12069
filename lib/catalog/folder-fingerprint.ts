import { createHash } from "node:crypto";

/**
 * An entry no skill walk reads: a dot file or folder. Hermes rewrites its own files beside the skills
 * (`skills/.usage.json`, its lock, `.curator_state`) on every usage bump, so neither a watch event nor a
 * folder's fingerprint counts them: a bump leaves the cached catalog standing (the cost it avoids: lib/README.md).
 */
export function isHiddenEntry(name: string): boolean {
  return name.startsWith(".");
}

/**
 * A fixed-size fingerprint of a folder's sorted entry names: equal while
 * nothing was added, removed or renamed in it. Hashed, so a cached tree of
 * 20,000 wide folders costs 20,000 short strings, not every name it holds.
 */
export function fingerprintNames(sortedNames: readonly string[]): string {
  return createHash("sha1")
    .update(sortedNames.filter((name) => !isHiddenEntry(name)).join("\0"))
    .digest("base64");
}
