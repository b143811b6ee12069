import { createHash } from "node:crypto";

/**
 * A fixed-size fingerprint of a folder's sorted entry names: equal while
 * nothing was added, removed or renamed in it. Hashed, so a cached tree of
 * 20,000 wide folders costs 20,000 short strings, not every name it holds.
 */
export function fingerprintNames(sortedNames: readonly string[]): string {
  return createHash("sha1").update(sortedNames.join("\0")).digest("base64");
}
