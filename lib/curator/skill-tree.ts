import fsp from "node:fs/promises";
import path from "node:path";
import { WALK_EVERYWHERE } from "../catalog/fence";
import { type WalkPolicy, walkSkillTree } from "../catalog/walk";
import type { WalkBudget } from "../catalog/walk-budget";
import { compareCodePoints } from "../hermes/python-json";
import { readProvenanceName } from "../hermes/skill-name";

/** Folders never walked (curator spec §9.2); the curator also skips every dot-folder. */
export const EXCLUDED_SKILL_DIRS = new Set([
  ".git",
  ".github",
  ".hub",
  ".archive",
  ".venv",
  "venv",
  "node_modules",
  "site-packages",
  "__pycache__",
  ".tox",
  ".nox",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
]);

/** Hermes walks as deep as a tree goes; this only stops a pathological one (the budget stops a wide one). */
const CURATOR_WALK_DEPTH = 32;

export interface SkillFolder {
  /** The provenance name (§3.1): the key in every Hermes file. */
  name: string;
  folder: string;
  /** Relative to the root, POSIX separators: the walk's order. */
  rel: string;
  /** Reached through a linked folder (shared in from elsewhere): its real folder is not where its path says. */
  linked: boolean;
}

export interface SkillTree {
  skills: SkillFolder[];
  /** Every folder the walk read: what a watch of this tree covers (kept-trees.ts). */
  folders: string[];
  /** SKILL.md entries that are not regular files (a FIFO, socket or device): never opened. */
  skipped: { path: string; problem: string }[];
}

/**
 * Every skill folder under `root` as the curator sees it, through the catalog's safe walk and budget: recursive,
 * following linked folders (each real folder once; a linked SKILL.md only into `skillRoots`), skipping excluded and dot folders, support folders inside skills and
 * real paths `skip` rules out. Ordered by relative path, by code point. Throws WalkOverBudget past the budget.
 */
// Names are re-read only from a SKILL.md that changed: the Skills page walks a thousand skills on every view.
export async function walkCuratorTree(
  root: string,
  budget: WalkBudget,
  skip?: (realFolder: string) => boolean,
  skillRoots: readonly string[] = [],
): Promise<SkillTree> {
  const policy: WalkPolicy = { neverWalked: EXCLUDED_SKILL_DIRS, supportFolders: "in_skill", maxDepth: CURATOR_WALK_DEPTH, skipRealFolder: skip };
  // Linked folders are followed anywhere, as Hermes does (they hold only a SKILL.md the curator reads); a SKILL.md
  // that is itself a link counts only inside the home's skill roots or its own folder (an /etc/passwd is no skill).
  const walked = await walkSkillTree(root, WALK_EVERYWHERE, budget, policy, { roots: skillRoots });
  const rootFolder = path.resolve(root);
  const realRoot = await fsp.realpath(rootFolder).catch(() => rootFolder);
  const byReal = new Map<string, { folder: string; rel: string; linked: boolean }>();
  walked.skillFiles.forEach((file, i) => {
    const folder = path.dirname(file);
    if (folder === rootFolder) return; // the root itself is not a skill
    const rel = path.relative(rootFolder, folder).split(path.sep).join("/");
    const seen = byReal.get(walked.realFolders[i]);
    // A real folder reached twice (through a link) counts once, at its first path in the curator's order.
    const linked = walked.realFolders[i] !== path.join(realRoot, ...rel.split("/"));
    if (!seen || compareCodePoints(rel, seen.rel) < 0) byReal.set(walked.realFolders[i], { folder, rel, linked });
  });
  const folders = [...byReal.values()].sort((a, b) => compareCodePoints(a.rel, b.rel));
  const skills = await Promise.all(folders.map(async (f) => ({ name: await cachedProvenanceName(f.folder), ...f })));
  return { skills, folders: [...walked.folders.keys()], skipped: walked.skipped };
}

/** Names by SKILL.md, kept while the file's mtime and size are unchanged. */
// copy-local: names by SKILL.md stamp; a changed file has a new stamp in every copy.
const names = new Map<string, { mtimeMs: number; size: number; name: string }>();

async function cachedProvenanceName(folder: string): Promise<string> {
  const file = path.join(folder, "SKILL.md");
  const st = await fsp.stat(/*turbopackIgnore: true*/ file).catch(() => null);
  if (!st) return readProvenanceName(folder);
  const hit = names.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.name;
  const name = await readProvenanceName(folder);
  if (names.size > 50_000) names.clear();
  names.set(file, { mtimeMs: st.mtimeMs, size: st.size, name });
  return name;
}
