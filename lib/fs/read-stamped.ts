import fs from "node:fs";
import { processWide } from "../base/process-state";
import { readSmallTextSync } from "./regular-file";

export interface StampedOptions<T> {
  /** What the file reads as when it is not there. */
  fallback: T;
  /** Files remembered per parser before its cache starts over (a bound, not a tuning knob). */
  maxEntries?: number;
}

interface Stamped<T> {
  mtimeMs: number;
  size: number;
  value: T;
}

/** One cache per parser (module-level functions, so a plain Map): the same file read by two parsers is two entries. */
const caches = processWide("jev.stampedFiles", () => new Map<object, Map<string, Stamped<unknown>>>());

/**
 * A small file's parsed contents, re-read and re-parsed only when its mtime or size changed: one stat per call on a
 * hot path (Hermes's config.yaml, jev's state and rules files, routing.json). `parse` gets the text, or undefined
 * when the path is not a regular file or is too large to be one of these; what it returns (a value, or a value that
 * says what was wrong) is kept until the file changes, so a parser warns once per version of a file.
 */
export function readStamped<T>(file: string, parse: (text: string | undefined, file: string) => T, options: StampedOptions<T>): T {
  const st = fs.statSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
  if (!st) return options.fallback;
  let cache = caches.get(parse) as Map<string, Stamped<T>> | undefined;
  if (!cache) {
    cache = new Map();
    caches.set(parse, cache);
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.value;
  const value = parse(readSmallTextSync(file), file);
  if (cache.size >= (options.maxEntries ?? 16)) cache.clear();
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, value });
  return value;
}

/** After jev itself rewrote `file`: its next read parses it again, even if the stamp looks the same (a rewrite within the clock's tick). */
export function forgetStamped(file: string): void {
  for (const cache of caches.values()) cache.delete(file);
}
