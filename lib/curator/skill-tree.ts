import fs from "node:fs";
import path from "node:path";
import { compareCodePoints } from "../hermes/python-json";
import { provenanceName } from "../hermes/skill-name";

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
/** Inside a skill folder these hold support files, never skills. */
export const SUPPORT_DIRS = new Set(["references", "templates", "assets", "scripts"]);

export interface SkillFolder {
  /** The provenance name (§3.1): the key in every Hermes file. */
  name: string;
  folder: string;
  /** Relative to the root, POSIX separators: the walk's order. */
  rel: string;
}

/**
 * Every skill folder under `root` as the curator sees it: recursive,
 * following symlinks (each real folder once), skipping excluded and dot
 * folders, support folders inside skills, and any folder whose real path
 * `skip` rules out (external roots mounted inside). Ordered by relative path,
 * by code point. Real paths are worked out as the walk goes (a syscall only
 * for a symlink), and names are re-read only from a SKILL.md that changed:
 * the Skills page walks a thousand skills on every view.
 */
export function walkSkillTree(root: string, skip: (realFolder: string) => boolean = () => false): SkillFolder[] {
  const out: SkillFolder[] = [];
  const seen = new Set<string>();
  const visit = (folder: string, real: string, rel: string) => {
    if (seen.has(real) || skip(real)) return;
    seen.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(/*turbopackIgnore: true*/ folder, { withFileTypes: true });
    } catch {
      return;
    }
    const isSkill = entries.some((e) => e.name === "SKILL.md" && (e.isFile() || e.isSymbolicLink()));
    if (isSkill && rel) out.push({ name: cachedProvenanceName(folder), folder, rel });
    for (const e of entries) {
      if (e.name.startsWith(".") || EXCLUDED_SKILL_DIRS.has(e.name)) continue;
      if (isSkill && SUPPORT_DIRS.has(e.name)) continue;
      const child = path.join(folder, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(child, path.join(real, e.name), childRel);
      else if (e.isSymbolicLink() && fs.statSync(/*turbopackIgnore: true*/ child, { throwIfNoEntry: false })?.isDirectory()) {
        visit(child, fs.realpathSync(/*turbopackIgnore: true*/ child), childRel);
      }
    }
  };
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(/*turbopackIgnore: true*/ root);
  } catch {
    return [];
  }
  visit(root, realRoot, "");
  return out.sort((a, b) => compareCodePoints(a.rel, b.rel));
}

/** Names by SKILL.md, kept while the file's mtime and size are unchanged. */
const names = new Map<string, { mtimeMs: number; size: number; name: string }>();

function cachedProvenanceName(folder: string): string {
  const file = path.join(folder, "SKILL.md");
  const st = fs.statSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
  if (!st) return provenanceName(folder);
  const hit = names.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.name;
  const name = provenanceName(folder);
  if (names.size > 50_000) names.clear();
  names.set(file, { mtimeMs: st.mtimeMs, size: st.size, name });
  return name;
}
