import fs from "node:fs";
import path from "node:path";

/** Folder names never walked anywhere in a skill tree (selection spec §1). */
const NEVER_WALKED = new Set(["node_modules", "venv", "env", "__pycache__", "site-packages", "dist", "build", "target"]);

/** A skill's own support folders: never skill roots. */
const SKILL_SUPPORT_FOLDERS = new Set(["references", "templates", "assets", "scripts"]);

const SKILL_FILE = "SKILL.md";

/**
 * Bounds on one root's walk. Skill trees are shallow (Hermes nests
 * category/sub/skill), so these only stop a mistaken root such as `/` or a
 * home folder from stalling the engine; what lies beyond is not read.
 */
export const WALK_LIMITS = { maxDepth: 8, maxFolders: 20_000 } as const;

function isWalkable(name: string): boolean {
  return !name.startsWith(".") && !NEVER_WALKED.has(name);
}

export interface WalkResult {
  /** SKILL.md paths in a stable order (sorted per folder, depth first). */
  skillFiles: string[];
  /** Every folder read, with its entry names (see `listFolder`), so a cache can tell when the tree changed. */
  folders: Map<string, string>;
}

/**
 * Find every `SKILL.md` under `root`. Symlinked folders are followed once
 * (by real path) so a linked external skill is found but a loop is not.
 */
export function walkSkillTree(root: string): WalkResult {
  const result: WalkResult = { skillFiles: [], folders: new Map() };
  const seenReal = new Set<string>();
  visit(root, false, result, seenReal, false, 0);
  return result;
}

function visit(dir: string, insideSkill: boolean, out: WalkResult, seenReal: Set<string>, viaLink: boolean, depth: number): void {
  if (depth > WALK_LIMITS.maxDepth || out.folders.size >= WALK_LIMITS.maxFolders) return;
  let entries: fs.Dirent[];
  try {
    // Only a symlink can close a loop, so only linked folders pay for realpath.
    if (viaLink || out.folders.size === 0) {
      const real = fs.realpathSync(dir);
      if (seenReal.has(real)) return;
      seenReal.add(real);
    }
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // unreadable folders are skipped, as missing roots are
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  out.folders.set(dir, fingerprint(entries.map((e) => e.name)));
  const isSkill = entries.some((e) => e.name === SKILL_FILE && (e.isFile() || e.isSymbolicLink()));
  if (isSkill) out.skillFiles.push(path.join(dir, SKILL_FILE));
  for (const entry of entries) {
    if (!isWalkable(entry.name)) continue;
    if ((isSkill || insideSkill) && SKILL_SUPPORT_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full, isSkill || insideSkill, out, seenReal, false, depth + 1);
    else if (entry.isSymbolicLink() && isDirectory(full)) visit(full, isSkill || insideSkill, out, seenReal, true, depth + 1);
  }
}

/**
 * A folder's entry names, sorted and joined: equal while nothing was added,
 * removed or renamed in it. Cheaper on a cold walk than a stat per folder.
 * Null for a folder that can no longer be read.
 */
export function listFolder(dir: string): string | null {
  try {
    return fingerprint(fs.readdirSync(dir).sort());
  } catch {
    return null;
  }
}

function fingerprint(sortedNames: string[]): string {
  return sortedNames.join("\0");
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
