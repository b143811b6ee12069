import type { Dirent } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { limiter } from "../base/concurrency";
import { type Fence, isInside, NO_EXTRA_FENCE } from "./fence";
import { fingerprintNames, isHiddenEntry } from "./folder-fingerprint";
import type { WalkBudget } from "./walk-budget";

export const SKILL_FILE = "SKILL.md";

/** Folders read at once per walk: enough to keep libuv's thread pool busy, few enough to stay fair to other requests. */
const PARALLEL_FOLDERS = 32;

/** A skill's own support folders: never skill roots. */
const SKILL_SUPPORT_FOLDERS = new Set(["references", "templates", "assets", "scripts"]);

/**
 * What a walk skips: the one thing the catalog (selection spec §1) and the
 * curator (curator spec §9.2) disagree on. Everything that keeps a walk safe
 * (regular files only, symlinks inside the fence and once, the budget) is
 * the same for both.
 */
export interface WalkPolicy {
  /** Folder names never walked (dot-folders are never walked either). */
  neverWalked: ReadonlySet<string>;
  /** Where support folders (`references`, `scripts`…) are skipped: directly inside a skill, or anywhere below one. */
  supportFolders: "in_skill" | "below_skill";
  /** Folders deeper than this are not read. */
  maxDepth: number;
  /** Real folders left out (an external root mounted inside the walked one). */
  skipRealFolder?: (real: string) => boolean;
}

/** Skill trees are shallow (Hermes nests category/sub/skill); deeper folders are not read. */
export const WALK_DEPTH = 8;

/** The catalog's walk (selection spec §1). */
export const CATALOG_WALK: WalkPolicy = {
  neverWalked: new Set(["node_modules", "venv", "env", "__pycache__", "site-packages", "dist", "build", "target"]),
  supportFolders: "below_skill",
  maxDepth: WALK_DEPTH,
};

export interface WalkResult {
  /** SKILL.md paths as walked (through links), in a stable order (sorted per folder, depth first). */
  skillFiles: string[];
  /** The real folder of each skill file, in the same order. */
  realFolders: string[];
  /** Every folder read, with a fingerprint of its entry names, so a cache can tell when the tree changed. */
  folders: Map<string, string>;
  /** SKILL.md entries that are not regular files (FIFO, socket, device) or link outside the fence: never opened. */
  skipped: { path: string; problem: string }[];
}

// A linked folder is followed anywhere inside the fence (the user's dotfiles), yet yields only files named SKILL.md; a
// SKILL.md that is itself a link could name any file (a key, a token), so it must lead into the skill roots or its own folder.
/**
 * Find every `SKILL.md` under `root`, off the event loop: regular files only (a FIFO would block its reader), linked
 * folders only inside the fence and once (no escape, no loop), a linked SKILL.md only inside `fileFence` (plus the
 * root) or its own folder. Throws WalkOverBudget when the budget (shared by one request's roots) runs out.
 */
export async function walkSkillTree(
  root: string,
  fence: Fence,
  budget: WalkBudget,
  policy: WalkPolicy = CATALOG_WALK,
  fileFence: Fence = NO_EXTRA_FENCE,
): Promise<WalkResult> {
  const walk = new Walk(root, fence, budget, policy);
  let real: string;
  try {
    real = await fsp.realpath(root);
  } catch {
    return walk.result([]); // a missing or unreadable root is skipped (reported by the caller)
  }
  walk.fence = { roots: [real, ...fence.roots] };
  walk.fileFence = { roots: [real, ...fileFence.roots] };
  walk.seenReal.add(real);
  return walk.result(await walk.visit(root, real, false, 0));
}

interface Found {
  file: string;
  real: string;
}

/** One root's walk: what is shared across its folders, which are read in parallel. */
class Walk {
  readonly seenReal = new Set<string>();
  readonly folders = new Map<string, string>();
  readonly skipped: WalkResult["skipped"] = [];
  /** Where a SKILL.md that is a link may lead (besides its own folder). */
  fileFence: Fence = NO_EXTRA_FENCE;
  private readonly io = limiter(PARALLEL_FOLDERS);
  constructor(
    readonly root: string,
    public fence: Fence,
    readonly budget: WalkBudget,
    readonly policy: WalkPolicy,
  ) {}

  result(found: Found[]): WalkResult {
    // Folders are read in parallel, so skips arrive in any order: sorted, a report reads the same every time.
    const skipped = this.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { skillFiles: found.map((f) => f.file), realFolders: found.map((f) => f.real), folders: this.folders, skipped };
  }

  /** The SKILL.md files under `dir` (whose real path is `real`), in order. */
  async visit(dir: string, real: string, insideSkill: boolean, depth: number): Promise<Found[]> {
    if (depth > this.policy.maxDepth || this.policy.skipRealFolder?.(real)) return [];
    this.budget.spendFolder(this.root);
    let entries: Dirent[];
    try {
      entries = await this.io(() => fsp.readdir(dir, { withFileTypes: true }));
    } catch {
      return []; // unreadable folders are skipped, as missing roots are
    }
    this.budget.check(this.root);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.folders.set(dir, fingerprintNames(entries.map((e) => e.name)));
    const skillEntry = entries.find((e) => e.name === SKILL_FILE);
    const isSkill = skillEntry ? await this.acceptSkillFile(dir, skillEntry, real) : false;
    const found: Found[] = isSkill ? [{ file: path.join(dir, SKILL_FILE), real }] : [];
    const below = isSkill || insideSkill;
    const skipsSupport = this.policy.supportFolders === "below_skill" ? below : isSkill;
    const children = entries.filter(
      (e) =>
        !isHiddenEntry(e.name) &&
        !this.policy.neverWalked.has(e.name) &&
        !(skipsSupport && SKILL_SUPPORT_FOLDERS.has(e.name)) &&
        (e.isDirectory() || e.isSymbolicLink()),
    );
    // All at once (the limiter bounds the reads); Promise.all keeps positions, so the order stays depth first and sorted.
    const subtrees = await Promise.all(
      children.map(async (e) => {
        const full = path.join(dir, e.name);
        if (!e.isSymbolicLink()) return this.visit(full, path.join(real, e.name), below, depth + 1);
        const target = await this.followableFolder(full);
        return target === null ? [] : this.visit(full, target, below, depth + 1);
      }),
    );
    for (const sub of subtrees) found.push(...sub);
    return found;
  }

  /** A linked folder is walked once, and only when it resolves inside the fence: its real path, or null. */
  private async followableFolder(full: string): Promise<string | null> {
    let real: string;
    try {
      real = await fsp.realpath(full);
      if (!(await fsp.stat(real)).isDirectory()) return null;
    } catch {
      return null; // dangling link, loop (ELOOP) or unreadable
    }
    if (!isInside(real, this.fence) || this.seenReal.has(real)) return null;
    this.seenReal.add(real);
    return real;
  }

  /** A SKILL.md entry counts when it is a regular file, or a link to one inside the skill roots or its own folder. */
  private async acceptSkillFile(dir: string, entry: Dirent, realDir: string): Promise<boolean> {
    const file = path.join(dir, SKILL_FILE);
    if (entry.isFile()) return true;
    if (!entry.isSymbolicLink()) return this.skip(file, `not a regular file (${kindOf(entry)})`);
    try {
      const real = await fsp.realpath(file);
      if (!(await fsp.stat(real)).isFile()) return this.skip(file, "links to something that is not a regular file");
      if (!linkedSkillFileAllowed(real, realDir, this.fileFence))
        return this.skip(file, "is a link that leads outside the skill roots (link the skill's folder instead)");
      return true;
    } catch {
      return false; // dangling link: as if absent
    }
  }

  private skip(file: string, problem: string): false {
    this.skipped.push({ path: file, problem });
    return false;
  }
}

/** Where a SKILL.md that is a link may lead: inside its own skill's real folder, or inside the skill roots. */
export function linkedSkillFileAllowed(real: string, realSkillFolder: string, fileFence: Fence): boolean {
  return isInside(real, { roots: [realSkillFolder] }) || isInside(real, fileFence);
}

function kindOf(entry: Dirent): string {
  if (entry.isFIFO()) return "a FIFO";
  if (entry.isSocket()) return "a socket";
  if (entry.isCharacterDevice() || entry.isBlockDevice()) return "a device";
  if (entry.isDirectory()) return "a folder";
  return "unknown type";
}

/**
 * A folder's entry-name fingerprint as it is now (see `fingerprintNames`):
 * equal while nothing was added, removed or renamed. Null for a folder that
 * can no longer be read.
 */
export async function listFolder(dir: string): Promise<string | null> {
  try {
    return fingerprintNames((await fsp.readdir(dir)).sort());
  } catch {
    return null;
  }
}
