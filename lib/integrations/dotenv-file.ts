import { parse } from "dotenv";
import { JevError } from "../base/errors";
import { atomicWriteFile } from "../fs/atomic-write";
import { readOwnedFileSync } from "../fs/regular-file";
import { assertWritableTarget } from "../fs/safe-target";

/**
 * Set or remove keys in a dotenv file (`$HERMES_HOME/.env`) and keep every other byte: other keys (quoted multi-line
 * values included), comments, blank lines, order. A key already there is changed in place (a repeated one keeps its
 * first entry only); a new key goes at the end. The result is read back with the dotenv parser and must give every
 * other key exactly the value it had, or nothing is written. The file holds secrets, so it is written 0600.
 */
export interface DotenvChange {
  key: string;
  change: "added" | "changed" | "kept";
}

const KEY_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*/;
const QUOTES = new Set(["'", '"', "`"]);

/** An entry's lines: `[start, end)` of the file's lines. */
interface Entry {
  key: string;
  start: number;
  end: number;
}

/** Where the quoted value that opens at `from` in `lines[i]` closes: the index of its last line (the value may span lines). */
function closingLine(lines: readonly string[], i: number, from: number): number {
  const quote = lines[i][from];
  let text = lines[i].slice(from + 1);
  for (let j = i; j < lines.length; j++) {
    for (let k = 0; k < text.length; k++) {
      if (text[k] === "\\") k++;
      else if (text[k] === quote) return j;
    }
    text = lines[j + 1] ?? "";
  }
  return i; // never closed: the dotenv parser reads it as a value of one line
}

function entriesOf(lines: readonly string[]): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = KEY_LINE.exec(lines[i]);
    if (!m) continue;
    const at = m[0].length;
    const end = QUOTES.has(lines[i][at]) ? closingLine(lines, i, at) + 1 : i + 1;
    out.push({ key: m[1], start: i, end });
    i = end - 1;
  }
  return out;
}

/** A value as a dotenv line carries it: quoted only when it needs to be. */
function dotenvValue(value: string): string {
  return /^[A-Za-z0-9_./:@%+,-]*$/.test(value) ? value : JSON.stringify(value);
}

/** The new text, keys in `entries` set (a value) or removed (null). */
function edit(text: string, entries: ReadonlyMap<string, string | null>): { text: string; changes: Map<string, DotenvChange["change"] | "removed"> } {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const changes = new Map<string, DotenvChange["change"] | "removed">();
  const replaced = new Map<number, string[]>(); // start line -> its lines now
  const dropped = new Set<number>();
  for (const e of entriesOf(lines)) {
    if (!entries.has(e.key)) continue;
    const value = entries.get(e.key);
    if (changes.has(e.key) || value === null) {
      for (let i = e.start; i < e.end; i++) dropped.add(i);
      if (value === null) changes.set(e.key, "removed");
      continue;
    }
    const wanted = `${e.key}=${dotenvValue(value ?? "")}`;
    const had = lines.slice(e.start, e.end).join("\n");
    changes.set(e.key, had === wanted ? "kept" : "changed");
    replaced.set(e.start, [wanted]);
    for (let i = e.start + 1; i < e.end; i++) dropped.add(i);
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (replaced.has(i)) out.push(...(replaced.get(i) ?? []));
    else if (!dropped.has(i)) out.push(line);
  });
  for (const [key, value] of entries) {
    if (changes.has(key) || value === null) continue;
    out.push(`${key}=${dotenvValue(value)}`);
    changes.set(key, "added");
  }
  return { text: out.length ? `${out.join("\n")}\n` : "", changes };
}

/** The edit read back by the dotenv parser: every other key as it was, ours as asked; else nothing is written. */
function checkedEdit(file: string, text: string, entries: ReadonlyMap<string, string | null>) {
  const planned = edit(text, entries);
  const before = parse(text);
  const after = parse(planned.text);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const want = entries.has(key) ? (entries.get(key) ?? undefined) : before[key];
    if (after[key] !== want)
      throw new JevError("conflict", `${file}: could not be edited without changing ${entries.has(key) ? key : "another key"}; left as it is`);
  }
  return planned;
}

function readDotenv(file: string): string | null {
  assertWritableTarget(file);
  return readOwnedFileSync(file, 1024 * 1024) ?? null; // a FIFO or an oversized .env refused, never waited on
}

export async function writeDotenv(file: string, entries: ReadonlyMap<string, string>): Promise<DotenvChange[]> {
  const text = readDotenv(file) ?? "";
  const planned = checkedEdit(file, text, entries);
  const changes = [...planned.changes].map(([key, change]) => ({ key, change: change as DotenvChange["change"] }));
  if (changes.every((c) => c.change === "kept")) return changes;
  await atomicWriteFile(file, planned.text, ".env.jev", { mode: 0o600 });
  return changes;
}

/** Take keys out of a dotenv file (every entry that sets one), the rest kept; the keys removed. */
export async function removeDotenvKeys(file: string, keys: ReadonlySet<string>): Promise<string[]> {
  const text = readDotenv(file);
  if (text === null) return [];
  const planned = checkedEdit(file, text, new Map([...keys].map((k) => [k, null])));
  const removed = [...planned.changes].filter(([, c]) => c === "removed").map(([k]) => k);
  if (removed.length > 0) await atomicWriteFile(file, planned.text, ".env.jev", { mode: 0o600 });
  return [...new Set(removed)];
}
