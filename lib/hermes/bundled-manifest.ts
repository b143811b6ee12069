import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readSmallTextSync, readWholeFileSync } from "../fs/regular-file";

/** `skills/.bundled_manifest` (curator spec §3.2): the names Hermes seeded from its bundle. Missing or unreadable: none. */
export function readBundledNames(home: string): Set<string> {
  const text = readSmallTextSync(path.join(home, "skills", ".bundled_manifest"));
  if (text === undefined) return new Set();
  const names = new Set<string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(":");
    const name = (colon === -1 ? line : line.slice(0, colon)).trim();
    if (name) names.add(name);
  }
  return names;
}

/** Python's Path ordering: by path components, so `a/b` comes before `a-c`. */
function compareByComponents(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

function regularFiles(root: string, rel = ""): string[] {
  const out: string[] = [];
  const folder = path.join(root, rel);
  for (const entry of fs.readdirSync(/*turbopackIgnore: true*/ folder, { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...regularFiles(root, child));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** The manifest's hash of a skill folder: MD5 over each regular file's relative POSIX path then its bytes, in Path order (to show "modified since seeded"). */
export function bundledHash(skillFolder: string): string {
  const md5 = createHash("md5");
  for (const rel of regularFiles(skillFolder).sort(compareByComponents)) {
    md5.update(rel);
    const file = path.join(skillFolder, rel);
    md5.update(readWholeFileSync(file) ?? Buffer.alloc(0));
  }
  return md5.digest("hex");
}
