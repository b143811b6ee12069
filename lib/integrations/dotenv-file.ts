import fs from "node:fs";
import { atomicWriteFile } from "../fs/atomic-write";

/**
 * Set keys in a dotenv file (`$HERMES_HOME/.env`) and keep everything else:
 * other keys, comments, blank lines, order. A key already there is changed in
 * place (a repeated one keeps its first line only); a new key goes at the end.
 * The file holds secrets, so it is written 0600. Returns what changed.
 */
export interface DotenvChange {
  key: string;
  change: "added" | "changed" | "kept";
}

const KEY_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/** A value as a dotenv line carries it: quoted only when it needs to be. */
function dotenvValue(value: string): string {
  return /^[A-Za-z0-9_./:@%+,-]*$/.test(value) ? value : JSON.stringify(value);
}

export function planDotenv(text: string, entries: ReadonlyMap<string, string>): { text: string; changes: DotenvChange[] } {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const seen = new Set<string>();
  const changes = new Map<string, DotenvChange["change"]>();
  const out: string[] = [];
  for (const line of lines) {
    const key = KEY_LINE.exec(line)?.[1];
    if (key === undefined || !entries.has(key)) {
      out.push(line);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    const wanted = `${key}=${dotenvValue(entries.get(key)!)}`;
    changes.set(key, line === wanted ? "kept" : "changed");
    out.push(wanted);
  }
  for (const [key, value] of entries) {
    if (seen.has(key)) continue;
    out.push(`${key}=${dotenvValue(value)}`);
    changes.set(key, "added");
  }
  return { text: out.length ? `${out.join("\n")}\n` : "", changes: [...changes].map(([key, change]) => ({ key, change })) };
}

export async function writeDotenv(file: string, entries: ReadonlyMap<string, string>): Promise<DotenvChange[]> {
  let text = "";
  try {
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const plan = planDotenv(text, entries);
  if (plan.changes.every((c) => c.change === "kept")) return plan.changes;
  await atomicWriteFile(file, plan.text, ".env.jev", { mode: 0o600 });
  return plan.changes;
}

/** Take keys out of a dotenv file (every line that sets one), the rest kept; the keys removed. */
export async function removeDotenvKeys(file: string, keys: ReadonlySet<string>): Promise<string[]> {
  let text: string;
  try {
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const removed = new Set<string>();
  const kept = text.split("\n").filter((line) => {
    const key = KEY_LINE.exec(line)?.[1];
    if (key === undefined || !keys.has(key)) return true;
    removed.add(key);
    return false;
  });
  if (removed.size > 0) await atomicWriteFile(file, kept.join("\n"), ".env.jev", { mode: 0o600 });
  return [...removed];
}
