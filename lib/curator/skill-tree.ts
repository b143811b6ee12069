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
 * folders, support folders inside skills, and any folder `skip` rules out
 * (external roots mounted inside). Ordered by relative path, by code point.
 */
export function walkSkillTree(root: string, skip: (folder: string) => boolean = () => false): SkillFolder[] {
  const out: SkillFolder[] = [];
  const seen = new Set<string>();
  const visit = (folder: string, rel: string) => {
    let real: string;
    try {
      real = fs.realpathSync(/*turbopackIgnore: true*/ folder);
    } catch {
      return;
    }
    if (seen.has(real) || skip(folder)) return;
    seen.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(/*turbopackIgnore: true*/ folder, { withFileTypes: true });
    } catch {
      return;
    }
    const isSkill = entries.some((e) => e.name === "SKILL.md" && (e.isFile() || e.isSymbolicLink()));
    if (isSkill && rel) out.push({ name: provenanceName(folder), folder, rel });
    for (const e of entries) {
      if (e.name.startsWith(".") || EXCLUDED_SKILL_DIRS.has(e.name)) continue;
      if (isSkill && SUPPORT_DIRS.has(e.name)) continue;
      const child = path.join(folder, e.name);
      const isDir = e.isDirectory() || (e.isSymbolicLink() && fs.statSync(/*turbopackIgnore: true*/ child, { throwIfNoEntry: false })?.isDirectory());
      if (isDir) visit(child, rel ? `${rel}/${e.name}` : e.name);
    }
  };
  visit(root, "");
  return out.sort((a, b) => compareCodePoints(a.rel, b.rel));
}
