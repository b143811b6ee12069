import fs from "node:fs";
import path from "node:path";
import { setSuppressed } from "../hermes/curator-suppressed";
import { compareCodePoints } from "../hermes/python-json";
import type { CuratorHome } from "./curator-home";
import { findLocalFolder, isCurationEligible, isExternalPath } from "./provenance";
import { writeState } from "./record-ops";

export interface MoveResult {
  ok: boolean;
  message: string;
  /** Why it was refused, for the API's status: the skill is missing, or the move is not allowed. */
  refusal?: "not_found" | "refused";
}

const refused = (message: string, refusal: MoveResult["refusal"] = "refused"): MoveResult => ({ ok: false, message, refusal });

/** `YYYYMMDDHHMMSS` in UTC: the suffix of a second archived folder of the same name. */
export const archiveStamp = (now: number) => new Date(now).toISOString().replace(/[-:T]/g, "").slice(0, 14);

function moveFolder(from: string, to: string): void {
  try {
    fs.renameSync(/*turbopackIgnore: true*/ from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    fs.cpSync(/*turbopackIgnore: true*/ from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    fs.rmSync(/*turbopackIgnore: true*/ from, { recursive: true, force: true });
  }
}

const HUB_UNREADABLE = "hub lock unreadable (skills/.hub/lock.json): fix or remove it before changing skills";

/** Archive a skill's folder to `skills/.archive/` and mark it archived (curator spec §6.1). Refusals move nothing. */
export async function archiveSkill(h: CuratorHome, name: string, now: number): Promise<MoveResult> {
  if (h.hub.unreadable) return refused(HUB_UNREADABLE);
  const local = findLocalFolder(h, name);
  const externalOnly = `'${name}' lives in skills.external_dirs; external skills are read-only to the curator`;
  if (!local && h.externalNames.has(name)) return refused(externalOnly);
  if (!isCurationEligible(h, name)) {
    if (h.protectedNames.has(name)) return refused(`'${name}' is a protected built-in; it is never archived or consolidated`);
    if (h.hub.names.has(name)) return refused(`'${name}' is hub-installed; never archive`);
    return refused(`'${name}' is a bundled built-in; enable curator.prune_builtins to allow pruning it`);
  }
  if (!local) return refused(`skill '${name}' not found`, "not_found");
  if (isExternalPath(h, local.folder)) return refused(externalOnly);
  const archive = path.join(h.skillsDir, ".archive");
  try {
    fs.mkdirSync(/*turbopackIgnore: true*/ archive, { recursive: true });
  } catch (err) {
    return refused(`failed to create archive dir: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  const base = path.basename(local.folder);
  let dest = path.join(archive, base);
  if (fs.existsSync(/*turbopackIgnore: true*/ dest)) dest = path.join(archive, `${base}-${archiveStamp(now)}`);
  try {
    moveFolder(local.folder, dest);
  } catch (err) {
    return refused(`failed to archive: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  if (h.bundled.has(name)) await setSuppressed(h.home, name, true);
  await writeState(h, name, "archived", now);
  return { ok: true, message: `archived to ${dest}` };
}

/** Folders under `.archive/` (any depth, not inside an archived skill) named exactly `name`; else `name-<14 digits>`, newest first. */
function archiveCandidates(archive: string, name: string): string[] {
  const exact: string[] = [];
  const stamped: string[] = [];
  const stampedName = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d{14}$`);
  const visit = (folder: string) => {
    for (const e of fs.readdirSync(/*turbopackIgnore: true*/ folder, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const child = path.join(folder, e.name);
      if (e.name === name) exact.push(child);
      else if (stampedName.test(e.name)) stamped.push(child);
      else {
        const marker = path.join(child, "SKILL.md");
        if (!fs.existsSync(/*turbopackIgnore: true*/ marker)) visit(child);
      }
    }
  };
  visit(archive);
  if (exact.length) return exact.sort(compareCodePoints);
  return stamped.sort((a, b) => compareCodePoints(path.basename(b), path.basename(a)));
}

/** Bring an archived skill back to `skills/<name>` and mark it active (curator spec §6.2). */
export async function restoreSkill(h: CuratorHome, name: string, now: number): Promise<MoveResult> {
  if (h.hub.unreadable) return refused(HUB_UNREADABLE);
  if (!name || name.includes("/") || name.includes("\\") || name === "." || name === "..") return refused(`'${name}' is not a skill name`);
  if (h.hub.names.has(name)) return refused(`'${name}' is now hub-installed; restore would shadow the upstream version`);
  if (h.bundled.has(name) && !h.config.pruneBuiltins) return refused(`'${name}' is now bundled; restore would shadow the upstream version`);
  const archive = path.join(h.skillsDir, ".archive");
  if (!fs.statSync(/*turbopackIgnore: true*/ archive, { throwIfNoEntry: false })?.isDirectory()) return refused("no archive directory", "not_found");
  const [from] = archiveCandidates(archive, name);
  if (!from) return refused(`'${name}' not found in archive`, "not_found");
  const dest = path.join(h.skillsDir, name);
  if (fs.existsSync(/*turbopackIgnore: true*/ dest)) return refused(`destination already exists: ${dest}`);
  try {
    moveFolder(from, dest);
  } catch (err) {
    return refused(`failed to restore: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  await setSuppressed(h.home, name, false);
  await writeState(h, name, "active", now);
  return { ok: true, message: `restored to ${dest}` };
}

/** The sorted names of the folders directly under `.archive/`. */
export function listArchived(h: CuratorHome): string[] {
  const archive = path.join(h.skillsDir, ".archive");
  if (!fs.existsSync(/*turbopackIgnore: true*/ archive)) return [];
  return fs
    .readdirSync(/*turbopackIgnore: true*/ archive, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort(compareCodePoints);
}
