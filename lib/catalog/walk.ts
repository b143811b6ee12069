import type { Dirent } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { limiter } from "../concurrency";
import { type Fence, isInside } from "./fence";
import { fingerprintNames } from "./folder-fingerprint";
import type { WalkBudget } from "./walk-budget";

/** Folder names never walked anywhere in a skill tree (selection spec §1). */
const NEVER_WALKED = new Set(["node_modules", "venv", "env", "__pycache__", "site-packages", "dist", "build", "target"]);

/** A skill's own support folders: never skill roots. */
const SKILL_SUPPORT_FOLDERS = new Set(["references", "templates", "assets", "scripts"]);

export const SKILL_FILE = "SKILL.md";

/** Folders read at once per walk: enough to keep libuv's thread pool busy, few enough to stay fair to other requests. */
const PARALLEL_FOLDERS = 32;

function isWalkable(name: string): boolean {
  return !name.startsWith(".") && !NEVER_WALKED.has(name);
}

export interface WalkResult {
  /** SKILL.md paths in a stable order (sorted per folder, depth first). */
  skillFiles: string[];
  /** Every folder read, with a fingerprint of its entry names, so a cache can tell when the tree changed. */
  folders: Map<string, string>;
  /** SKILL.md entries that are not regular files (FIFO, socket, device) or link outside the fence: never opened. */
  skipped: { path: string; problem: string }[];
}

/**
 * Find every `SKILL.md` under `root`, off the event loop. Only regular files
 * count: a FIFO named SKILL.md would block whoever opens it. A symlink (folder
 * or SKILL.md) is followed only when its real path lies inside the fence (the
 * root itself, plus the roots the caller may read anyway), once per real
 * folder, so a link can neither leave the allowed area nor close a loop.
 * Throws WalkOverBudget when the budget (shared by one request's roots) runs out.
 */
export async function walkSkillTree(root: string, fence: Fence, budget: WalkBudget): Promise<WalkResult> {
  const walk = new Walk(root, fence, budget);
  let real: string;
  try {
    real = await fsp.realpath(root);
  } catch {
    return walk.result([]); // a missing or unreadable root is skipped (reported by the caller)
  }
  walk.fence = { roots: [real, ...fence.roots] };
  walk.seenReal.add(real);
  return walk.result(await walk.visit(root, false, 0));
}

/** One root's walk: what is shared across its folders, which are read in parallel. */
class Walk {
  readonly seenReal = new Set<string>();
  readonly folders = new Map<string, string>();
  readonly skipped: WalkResult["skipped"] = [];
  private readonly io = limiter(PARALLEL_FOLDERS);
  constructor(
    readonly root: string,
    public fence: Fence,
    readonly budget: WalkBudget,
  ) {}

  result(skillFiles: string[]): WalkResult {
    return { skillFiles, folders: this.folders, skipped: this.skipped };
  }

  /** The SKILL.md files under `dir`, in order. */
  async visit(dir: string, insideSkill: boolean, depth: number): Promise<string[]> {
    if (depth > WALK_DEPTH) return [];
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
    const isSkill = skillEntry ? await this.acceptSkillFile(dir, skillEntry) : false;
    const found = isSkill ? [path.join(dir, SKILL_FILE)] : [];
    const below = isSkill || insideSkill;
    const children = entries.filter((e) => isWalkable(e.name) && !(below && SKILL_SUPPORT_FOLDERS.has(e.name)) && (e.isDirectory() || e.isSymbolicLink()));
    // All at once (the limiter bounds the reads); Promise.all keeps positions, so the order stays depth first and sorted.
    const subtrees = await Promise.all(
      children.map(async (e) => {
        const full = path.join(dir, e.name);
        if (e.isSymbolicLink() && !(await this.followableFolder(full))) return [];
        return this.visit(full, below, depth + 1);
      }),
    );
    for (const sub of subtrees) found.push(...sub);
    return found;
  }

  /** A linked folder is walked once, and only when it resolves inside the fence. */
  private async followableFolder(full: string): Promise<boolean> {
    let real: string;
    try {
      real = await fsp.realpath(full);
      if (!(await fsp.stat(real)).isDirectory()) return false;
    } catch {
      return false; // dangling link, loop (ELOOP) or unreadable
    }
    if (!isInside(real, this.fence) || this.seenReal.has(real)) return false;
    this.seenReal.add(real);
    return true;
  }

  /** A SKILL.md entry counts when it is a regular file, or a link to one inside the fence. */
  private async acceptSkillFile(dir: string, entry: Dirent): Promise<boolean> {
    const file = path.join(dir, SKILL_FILE);
    if (entry.isFile()) return true;
    if (!entry.isSymbolicLink()) return this.skip(file, `not a regular file (${kindOf(entry)})`);
    try {
      const real = await fsp.realpath(file);
      if (!(await fsp.stat(real)).isFile()) return this.skip(file, "links to something that is not a regular file");
      if (!isInside(real, this.fence)) return this.skip(file, "links outside the allowed roots");
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

/** Skill trees are shallow (Hermes nests category/sub/skill); deeper folders are not read. */
export const WALK_DEPTH = 8;

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
