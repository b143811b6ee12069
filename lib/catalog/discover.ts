import fs from "node:fs";
import path from "node:path";
import { FrontMatterError, parseSkillFile } from "./front-matter";
import { TreeWatch } from "./tree-watch";
import type { SkillCard } from "./types";
import { listFolder, walkSkillTree } from "./walk";

export interface DiscoverOptions {
  /** Names never offered (Hermes `skills.disabled`). */
  disabled?: readonly string[];
}

export interface DiscoveredCatalog {
  roots: readonly string[];
  /** In search order; a name found in two roots keeps the first root's skill. */
  skills: readonly SkillCard[];
  /** SKILL.md files whose front matter does not parse, with the parser's words and position. */
  unreadable: readonly { path: string; problem: string }[];
}

interface FileStamp {
  mtimeMs: number;
  size: number;
}
interface ParsedFile extends FileStamp {
  card: SkillCard | null;
  /** Why the front matter did not parse (parser's message with line and column). */
  problem?: string;
}
interface RootSnapshot {
  /** Each folder walked, with its entry names as read (the walk stats no folder). */
  folders: Map<string, string>;
  /** Each SKILL.md with the stamp it had when this snapshot read it. */
  files: Map<string, FileStamp>;
}
interface CacheEntry {
  snapshots: RootSnapshot[];
  catalog: DiscoveredCatalog;
  disabledKey: string;
  /** Change signal for repeats; null until set up (just after the cold read) or when off. */
  watch: TreeWatch | null;
  /** When every folder and file was last stat-ed. */
  sweptAt: number;
}

/** Root lists remembered at once (clients may pass their own roots); the least recent is dropped. */
const MAX_CATALOGS = 16;
/** Parsed SKILL.md files remembered at once. */
const MAX_PARSED_FILES = 50_000;

/** Even with a watch, re-stat everything this often, in case an event was missed. */
const SWEEP_INTERVAL_MS = 10_000;
let watching = true;

/** Turn change watching off (one-shot processes such as the CLI) or back on. */
export function setDiscoveryWatching(on: boolean): void {
  watching = on;
}

/**
 * Per-process caches. `parsedFiles` keeps each SKILL.md's card keyed by its
 * stamp, so a change re-reads only what changed; `catalogs` remembers the last
 * answer per root list, re-validated by stat-ing the folders and files it read.
 */
const parsedFiles = new Map<string, ParsedFile>();
const catalogs = new Map<string, CacheEntry>();

function stamp(p: string): FileStamp | null {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  return st ? { mtimeMs: st.mtimeMs, size: st.size } : null;
}

/**
 * The card of one SKILL.md as it is on disk now: re-read and re-parsed only when
 * its mtime or size changed, so a repeat costs one stat. Null when the file is
 * gone or does not parse.
 */
export function readSkillCard(file: string): SkillCard | null {
  const st = stamp(file);
  if (!st) return null;
  const cached = parsedFiles.get(file);
  if (cached && st.mtimeMs === cached.mtimeMs && st.size === cached.size) return cached.card;
  // readFileSync(path) opens, reads and closes natively in one call: far cheaper than fd calls from JS.
  // Stamped before reading, so an edit in between only causes one more re-read later.
  let card: SkillCard | null = null;
  let problem: string | undefined;
  try {
    card = parseSkillFile(file, fs.readFileSync(file, "utf8"));
  } catch (err) {
    problem = err instanceof FrontMatterError ? err.message : "cannot be read";
    // Logged once per version of the file: the path and the parser's words, never the file's text.
    console.warn(`[jev] ${file}: front matter unreadable: ${problem}`);
  }
  parsedFiles.set(file, { ...st, card, problem });
  return card;
}

function unchanged(snapshot: RootSnapshot): boolean {
  for (const [folder, entries] of snapshot.folders) {
    if (listFolder(folder) !== entries) return false;
  }
  // Compared with the snapshot's own stamps: verification may have re-read a file since.
  for (const [file, seen] of snapshot.files) {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st || st.mtimeMs !== seen.mtimeMs || st.size !== seen.size) return false;
  }
  return true;
}

/**
 * The catalog under `roots` (selection spec §1): every skill folder's name and
 * first 200 description characters; first root wins on a repeated name.
 */
export function discover(roots: readonly string[], options: DiscoverOptions = {}): DiscoveredCatalog {
  const resolved = roots.map((r) => path.resolve(r));
  const key = resolved.join("\0");
  const disabledKey = [...(options.disabled ?? [])].sort().join("\0");
  const cached = catalogs.get(key);
  if (cached && cached.disabledKey === disabledKey && stillValid(cached)) {
    catalogs.delete(key); // re-insert: Map order is recency order
    catalogs.set(key, cached);
    return cached.catalog;
  }
  cached?.watch?.close();
  catalogs.delete(key);
  if (parsedFiles.size > MAX_PARSED_FILES) parsedFiles.clear();

  const disabled = new Set(options.disabled ?? []);
  const seenNames = new Set<string>();
  const skills: SkillCard[] = [];
  const unreadable: { path: string; problem: string }[] = [];
  const snapshots: RootSnapshot[] = [];
  for (const root of resolved) {
    const walked = walkSkillTree(root);
    const files = new Map<string, FileStamp>();
    snapshots.push({ folders: walked.folders, files });
    for (const file of walked.skillFiles) {
      const card = readSkillCard(file);
      const parsed = parsedFiles.get(file);
      files.set(file, parsed ? { mtimeMs: parsed.mtimeMs, size: parsed.size } : { mtimeMs: -1, size: -1 });
      if (parsed?.problem) unreadable.push({ path: file, problem: parsed.problem });
      if (!card || disabled.has(card.name) || seenNames.has(card.name)) continue;
      seenNames.add(card.name);
      skills.push(card);
    }
  }
  const catalog: DiscoveredCatalog = { roots: resolved, skills, unreadable };
  const entry: CacheEntry = { snapshots, catalog, disabledKey, watch: null, sweptAt: Date.now() };
  catalogs.set(key, entry);
  for (const [oldKey, old] of catalogs) {
    if (catalogs.size <= MAX_CATALOGS) break;
    old.watch?.close();
    catalogs.delete(oldKey);
  }
  if (watching) {
    // Off the caller's path: setting up a watch per folder costs ~30 µs each.
    setImmediate(() => {
      if (catalogs.get(key) !== entry) return;
      entry.watch = new TreeWatch(snapshots.flatMap((s) => [...s.folders.keys()]));
      // Anything that changed before the watch existed is caught by one sweep now.
      if (!snapshots.every(unchanged)) entry.watch.dirty = true;
    });
  }
  return catalog;
}

/** Cheap when watched (a flag, plus a sweep every SWEEP_INTERVAL_MS); a full sweep otherwise. */
function stillValid(entry: CacheEntry): boolean {
  const watch = entry.watch;
  if (watch && !watch.broken) {
    if (watch.dirty) return false;
    if (Date.now() - entry.sweptAt < SWEEP_INTERVAL_MS) return true;
  }
  const valid = entry.snapshots.every(unchanged);
  if (valid) entry.sweptAt = Date.now();
  return valid;
}

/** Forget every cached catalog and parsed file (tests and benchmarks). */
export function clearDiscoveryCache(): void {
  for (const entry of catalogs.values()) entry.watch?.close();
  parsedFiles.clear();
  catalogs.clear();
}
