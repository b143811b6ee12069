import fs from "node:fs";
import path from "node:path";
import { setSuppressed } from "../hermes/curator-suppressed";
import { archiveCandidates, archiveDir } from "./archive";
import type { CuratorHome } from "./curator-home";
import { forgetKeptCuratorTrees } from "./kept-trees";
import { findLocalFolder, isCurationEligible, isExternalPath } from "./provenance";
import { writeState } from "./record-ops";

export interface MoveResult {
  ok: boolean;
  message: string;
  /** Why it was refused, for the API's status: the skill is missing, or the move is not allowed. */
  refusal?: "not_found" | "refused";
  /** Where the folder now is (an archive or a restore that moved it). */
  path?: string;
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
  } finally {
    forgetKeptCuratorTrees(); // the next view walks again, without waiting for the watch's event (even after a half-done copy)
  }
}

/**
 * `skills/.archive` must be a real folder: a link (made by an agent or an
 * installed skill) would have archive move the skill's folder out of the
 * home, wherever it points, and restore bring in whatever is planted there.
 * Hermes follows it; jev refuses, moving nothing.
 */
function archiveLinkRefusal(skillsDir: string): MoveResult | null {
  const archive = archiveDir(skillsDir);
  if (!fs.lstatSync(/*turbopackIgnore: true*/ archive, { throwIfNoEntry: false })?.isSymbolicLink()) return null;
  return refused(`${archive} is a symlink; jev does not archive into or restore from a linked archive (remove the link to go on)`);
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
  const linked = archiveLinkRefusal(h.skillsDir);
  if (linked) return linked;
  const archive = archiveDir(h.skillsDir);
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
  return { ok: true, message: `archived to ${dest}`, path: dest };
}

/**
 * Bring an archived skill back to `skills/<name>` and mark it active (curator spec §6.2). `from` names the archived
 * folder (a consolidation's undo knows it); otherwise the first of the archive's candidates.
 */
export async function restoreSkill(h: CuratorHome, name: string, now: number, from?: string): Promise<MoveResult> {
  if (h.hub.unreadable) return refused(HUB_UNREADABLE);
  if (!name || name.includes("/") || name.includes("\\") || name === "." || name === "..") return refused(`'${name}' is not a skill name`);
  if (h.hub.names.has(name)) return refused(`'${name}' is now hub-installed; restore would shadow the upstream version`);
  if (h.bundled.has(name) && !h.config.pruneBuiltins) return refused(`'${name}' is now bundled; restore would shadow the upstream version`);
  const linked = archiveLinkRefusal(h.skillsDir);
  if (linked) return linked;
  if (!fs.statSync(/*turbopackIgnore: true*/ archiveDir(h.skillsDir), { throwIfNoEntry: false })?.isDirectory())
    return refused("no archive directory", "not_found");
  const archived = from ?? archiveCandidates(h.skillsDir, name)[0];
  // A given folder must be one the archive holds directly (a history row is data, not a path to trust).
  const outside = from !== undefined && (path.dirname(from) !== archiveDir(h.skillsDir) || !fs.existsSync(/*turbopackIgnore: true*/ from));
  if (!archived || outside) return refused(`'${name}' not found in archive`, "not_found");
  const dest = path.join(h.skillsDir, name);
  if (fs.existsSync(/*turbopackIgnore: true*/ dest)) return refused(`destination already exists: ${dest}`);
  try {
    moveFolder(archived, dest);
  } catch (err) {
    return refused(`failed to restore: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  await setSuppressed(h.home, name, false);
  await writeState(h, name, "active", now);
  return { ok: true, message: `restored to ${dest}`, path: dest };
}
