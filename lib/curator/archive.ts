import type { Dirent } from "node:fs";
import fs from "node:fs";
import path from "node:path";
import { compareCodePoints } from "../hermes/python-json";
import { provenanceName } from "../hermes/skill-name";

/**
 * What lies in `skills/.archive/`. A skill whose folder was a symlink is
 * archived as that symlink (the rename moves the link, not what it points
 * at), so a folder here is a real folder or a link to one.
 */
export const archiveDir = (skillsDir: string) => path.join(skillsDir, ".archive");

/** A real folder, or a symlink that resolves to one. */
function isFolderEntry(parent: string, e: Dirent): boolean {
  if (e.isDirectory()) return true;
  if (!e.isSymbolicLink()) return false;
  const child = path.join(parent, e.name);
  return fs.statSync(/*turbopackIgnore: true*/ child, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function folderEntries(dir: string): Dirent[] {
  try {
    return fs.readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).filter((e) => isFolderEntry(dir, e));
  } catch {
    return [];
  }
}

/** The sorted names of the folders directly under `.archive/`. */
export function listArchived(skillsDir: string): string[] {
  return folderEntries(archiveDir(skillsDir))
    .map((e) => e.name)
    .sort(compareCodePoints);
}

/** Archived skills directly under `.archive/` (those with a SKILL.md), with their provenance names. */
export function archivedSkills(skillsDir: string): { name: string; folder: string; rel: string }[] {
  const archive = archiveDir(skillsDir);
  return folderEntries(archive)
    .map((e) => ({ folder: path.join(archive, e.name), rel: `.archive/${e.name}` }))
    .filter((f) => fs.existsSync(/*turbopackIgnore: true*/ path.join(f.folder, "SKILL.md")))
    .map((f) => ({ name: provenanceName(f.folder), ...f }));
}

/**
 * Folders under `.archive/` (any depth, not inside an archived skill, links
 * not descended into) named exactly `name`; else `name-<14 digits>`, newest
 * first (curator spec §6.2).
 */
export function archiveCandidates(skillsDir: string, name: string): string[] {
  const exact: string[] = [];
  const stamped: string[] = [];
  const stampedName = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d{14}$`);
  const visit = (folder: string) => {
    for (const e of folderEntries(folder)) {
      const child = path.join(folder, e.name);
      if (e.name === name) exact.push(child);
      else if (stampedName.test(e.name)) stamped.push(child);
      else if (e.isDirectory() && !fs.existsSync(/*turbopackIgnore: true*/ path.join(child, "SKILL.md"))) visit(child);
    }
  };
  visit(archiveDir(skillsDir));
  if (exact.length) return exact.sort(compareCodePoints);
  return stamped.sort((a, b) => compareCodePoints(path.basename(b), path.basename(a)));
}
