import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { mapLimit } from "../base/concurrency";
import { processWide } from "../base/process-state";
import { readSkillFile, readSkillFileSync, type SkillFileRead } from "../fs/skill-file";
import { realOrResolved } from "./allowed-roots";
import { type Fence, NO_EXTRA_FENCE } from "./fence";
import { FrontMatterError, parseSkillFile } from "./front-matter";
import { TreeWatch } from "./tree-watch";
import type { SkillCard } from "./types";
import { listFolder, walkSkillTree } from "./walk";
import { isWalkOverBudget, WalkBudget, type WalkOverBudget } from "./walk-budget";

export interface DiscoverOptions {
  /** Names never offered (Hermes `skills.disabled`). */
  disabled?: readonly string[];
  /** Folders a symlink inside a root may lead to, besides the root itself (and where a linked SKILL.md may). */
  fence?: Fence;
  /** The request's walk budget; a fresh default one when omitted. */
  budget?: WalkBudget;
}

export interface DiscoveredCatalog {
  roots: readonly string[];
  /** In search order; a name found in two roots keeps the first root's skill. */
  skills: readonly SkillCard[];
  /** SKILL.md files that were not read: front matter that does not parse (parser's words and position), or not a regular file. */
  unreadable: readonly { path: string; problem: string }[];
}

interface FileStamp {
  mtimeMs: number;
  size: number;
}
interface ParsedFile extends FileStamp {
  card: SkillCard | null;
  /** Why the file gave no card (parser's message with line and column, or not a regular file). */
  problem?: string;
}
interface RootSnapshot {
  /** Each folder walked, with its entry-name fingerprint as read. */
  folders: Map<string, string>;
  /** Each SKILL.md with the stamp it had when this snapshot read it. */
  files: Map<string, FileStamp>;
}
interface CacheEntry {
  snapshots: RootSnapshot[];
  catalog: DiscoveredCatalog;
  /** Change signal for repeats; null until set up (just after the cold read), when off, or over the watch allowance. */
  watch: TreeWatch | null;
  /** When every folder and file was last checked. */
  sweptAt: number;
  sweeping: boolean;
}

/** Root lists remembered at once (clients may pass their own roots); the least recent is dropped. */
const MAX_CATALOGS = 16;
/** Parsed SKILL.md files remembered at once. */
const MAX_PARSED_FILES = 50_000;
/** Folders watched at once across all cached catalogs; a catalog beyond it is re-checked on each use instead. */
const MAX_WATCHED_FOLDERS = 10_000;
/** A root list whose walk ran over budget answers the same for this long without walking again. */
const OVER_BUDGET_MEMORY_MS = 30_000;
/** SKILL.md files and folders checked at once. */
const PARALLEL_IO = 64;

/** Even with a watch, re-check everything this often (in the background), in case an event was missed. */
const SWEEP_INTERVAL_MS = 10_000;
let watching = true;
let watchedFolders = 0;

/** Turn change watching off (one-shot processes such as the CLI) or back on. */
export function setDiscoveryWatching(on: boolean): void {
  watching = on;
}

/**
 * Per-process caches: `parsedFiles` keeps each SKILL.md's card by its stamp (a change re-reads only what changed);
 * `catalogs` the last answer per root list, re-validated by the watch or a re-check; `inFlight` lets concurrent
 * requests for one root list share one walk. Process-wide: the start-up hook warms the catalog the routes ask for.
 */
interface DiscoveryCaches {
  parsedFiles: Map<string, ParsedFile>;
  catalogs: Map<string, CacheEntry>;
  inFlight: Map<string, Promise<DiscoveredCatalog>>;
  overBudget: Map<string, { at: number; error: WalkOverBudget; budget: WalkBudget }>;
  /** The last catalog read whole per root list: answered while a later walk runs over budget. */
  lastGood: Map<string, DiscoveredCatalog>;
}
const shared = processWide<DiscoveryCaches>("jev.discovery", () => ({
  parsedFiles: new Map(),
  catalogs: new Map(),
  inFlight: new Map(),
  overBudget: new Map(),
  lastGood: new Map(),
}));
const { parsedFiles, catalogs, inFlight, overBudget } = shared;
// Older copies of the shared caches (a dev server's hot reload) lack it.
shared.lastGood ??= new Map();
const lastGood = shared.lastGood;

function remember(file: string, read: SkillFileRead | null): ParsedFile | null {
  if (!read) return null;
  let card: SkillCard | null = null;
  let problem: string | undefined;
  if (read.text === null) problem = "not a regular file";
  else {
    try {
      card = parseSkillFile(file, read.text);
    } catch (err) {
      problem = err instanceof FrontMatterError ? err.message : "cannot be read";
      // Logged once per version of the file: the path and the parser's words, never the file's text.
      console.warn(`[jev] ${file}: front matter unreadable: ${problem}`);
    }
  }
  const parsed = { mtimeMs: read.mtimeMs, size: read.size, card, problem };
  parsedFiles.set(file, parsed);
  return parsed;
}

const sameStamp = (a: FileStamp, b: FileStamp) => a.mtimeMs === b.mtimeMs && a.size === b.size;

/**
 * The card of one SKILL.md as it is on disk now: re-read and re-parsed only when
 * its mtime or size changed, so a repeat costs one stat. Null when the file is
 * gone, is not a regular file, or does not parse. Synchronous: verification
 * reads a handful of finalists, each bounded and never blocking (skill-file.ts).
 */
export function readSkillCard(file: string): SkillCard | null {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return null;
  const cached = parsedFiles.get(file);
  if (cached && sameStamp(st, cached)) return cached.card;
  return remember(file, readSkillFileSync(file))?.card ?? null;
}

/** The same, off the event loop, with its stamp and problem (discovery's cold read). */
async function parsedFile(file: string): Promise<ParsedFile | null> {
  const cached = parsedFiles.get(file);
  if (cached) {
    const st = await fsp.stat(file).catch(() => null);
    if (!st) return null;
    if (sameStamp(st, cached)) return cached;
  }
  return remember(file, await readSkillFile(file)); // never read: no stat first, the read stamps it
}

async function unchanged(snapshot: RootSnapshot): Promise<boolean> {
  const folders = await mapLimit([...snapshot.folders], PARALLEL_IO, async ([folder, entries]) => (await listFolder(folder)) === entries);
  if (!folders.every(Boolean)) return false;
  // Compared with the snapshot's own stamps: verification may have re-read a file since.
  const files = await mapLimit([...snapshot.files], PARALLEL_IO, async ([file, seen]) => {
    const st = await fsp.stat(file).catch(() => null);
    return st !== null && sameStamp(st, seen);
  });
  return files.every(Boolean);
}

const allUnchanged = async (snapshots: RootSnapshot[]) => (await Promise.all(snapshots.map(unchanged))).every(Boolean);

/**
 * The catalog under `roots` (selection spec §1): every skill folder's name and first 200 description characters;
 * the first root wins on a repeated name. Reads off the event loop. Past the walk budget the last catalog read whole
 * for these roots is the answer; with none it throws WalkOverBudget, and again for 30 s without walking.
 */
export async function discover(roots: readonly string[], options: DiscoverOptions = {}): Promise<DiscoveredCatalog> {
  const resolved = roots.map((r) => path.resolve(r));
  const fence = options.fence ?? NO_EXTRA_FENCE;
  const key = [resolved.join("\0"), [...(options.disabled ?? [])].sort().join("\0"), fence.roots.join("\0"), (fence.linkedFileRoots ?? []).join("\0")].join(
    "\u0001",
  );
  const failed = overBudget.get(key);
  // A bigger budget than the one that failed (the start's own walk) walks again.
  if (failed && Date.now() - failed.at < OVER_BUDGET_MEMORY_MS && !options.budget?.exceeds(failed.budget)) {
    const previous = lastGood.get(key);
    if (previous) return previous;
    throw failed.error;
  }
  const cached = catalogs.get(key);
  if (cached && (await stillValid(cached))) {
    catalogs.delete(key); // re-insert: Map order is recency order
    catalogs.set(key, cached);
    return cached.catalog;
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const read = readCatalog(key, resolved, fence, options).finally(() => inFlight.delete(key));
  inFlight.set(key, read);
  return read;
}

async function readCatalog(key: string, resolved: string[], fence: Fence, options: DiscoverOptions): Promise<DiscoveredCatalog> {
  forget(key);
  if (parsedFiles.size > MAX_PARSED_FILES) parsedFiles.clear();
  const budget = options.budget ?? new WalkBudget();
  const disabled = new Set(options.disabled ?? []);
  const seenNames = new Set<string>();
  const skills: SkillCard[] = [];
  const unreadable: { path: string; problem: string }[] = [];
  const snapshots: RootSnapshot[] = [];
  // A SKILL.md that is a link may lead into any of this request's roots (one skill shared by two), never elsewhere.
  const fileFence = { roots: [...resolved.map(realOrResolved), ...(fence.linkedFileRoots ?? [])] };
  for (const root of resolved) {
    let walked: Awaited<ReturnType<typeof walkSkillTree>>;
    try {
      walked = await walkSkillTree(root, fence, budget, undefined, fileFence);
    } catch (err) {
      if (!isWalkOverBudget(err)) throw err;
      overBudget.set(key, { at: Date.now(), error: err, budget });
      if (overBudget.size > MAX_CATALOGS) overBudget.delete(overBudget.keys().next().value!);
      const previous = lastGood.get(key);
      if (!previous) throw err;
      console.warn(`[jev] ${err.message}: answering from the catalog read before`);
      return previous;
    }
    unreadable.push(...walked.skipped);
    const files = new Map<string, FileStamp>();
    snapshots.push({ folders: walked.folders, files });
    const parsed = await mapLimit(walked.skillFiles, PARALLEL_IO, parsedFile);
    walked.skillFiles.forEach((file, i) => {
      const p = parsed[i];
      files.set(file, p ? { mtimeMs: p.mtimeMs, size: p.size } : { mtimeMs: -1, size: -1 });
      if (p?.problem) unreadable.push({ path: file, problem: p.problem });
      const card = p?.card;
      if (!card || disabled.has(card.name) || seenNames.has(card.name)) return;
      seenNames.add(card.name);
      skills.push(card);
    });
  }
  const catalog: DiscoveredCatalog = { roots: resolved, skills, unreadable };
  overBudget.delete(key);
  lastGood.delete(key);
  lastGood.set(key, catalog);
  if (lastGood.size > MAX_CATALOGS) lastGood.delete(lastGood.keys().next().value!);
  const entry: CacheEntry = { snapshots, catalog, watch: null, sweptAt: Date.now(), sweeping: false };
  catalogs.set(key, entry);
  for (const oldKey of catalogs.keys()) {
    if (catalogs.size <= MAX_CATALOGS) break;
    forget(oldKey);
  }
  const folderCount = snapshots.reduce((n, s) => n + s.folders.size, 0);
  if (watching && watchedFolders + folderCount <= MAX_WATCHED_FOLDERS) {
    watchedFolders += folderCount;
    // Off the caller's path: a watch per folder adds up over a thousand folders (lib/README.md).
    setImmediate(async () => {
      if (catalogs.get(key) !== entry) {
        watchedFolders -= folderCount; // evicted before its watch was set up
        return;
      }
      entry.watch = new TreeWatch(snapshots.flatMap((s) => [...s.folders.keys()]));
      // Anything that changed before the watch existed is caught by one check now.
      if (!(await allUnchanged(snapshots))) entry.watch.dirty = true;
    });
  }
  return catalog;
}

function forget(key: string): void {
  const entry = catalogs.get(key);
  if (!entry) return;
  if (entry.watch) {
    entry.watch.close();
    watchedFolders -= entry.watch.size;
  }
  catalogs.delete(key);
}

/**
 * Watched: a flag, plus a background re-check every SWEEP_INTERVAL_MS that
 * marks the entry dirty for the next request. Unwatched: every folder and
 * file re-checked now.
 */
async function stillValid(entry: CacheEntry): Promise<boolean> {
  const watch = entry.watch;
  if (watch && !watch.broken) {
    if (watch.dirty) return false;
    if (Date.now() - entry.sweptAt >= SWEEP_INTERVAL_MS && !entry.sweeping) {
      entry.sweeping = true;
      allUnchanged(entry.snapshots).then((same) => {
        if (!same) watch.dirty = true;
        entry.sweptAt = Date.now();
        entry.sweeping = false;
      });
    }
    return true;
  }
  const valid = await allUnchanged(entry.snapshots);
  if (valid) entry.sweptAt = Date.now();
  return valid;
}

/** Forget every cached catalog and parsed file (tests and benchmarks). */
export function clearDiscoveryCache(): void {
  for (const key of [...catalogs.keys()]) forget(key);
  parsedFiles.clear();
  overBudget.clear();
}
