import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { type PlainKind, plainPathProblem } from "../fs/plain-path";
import { readWholeFileSync } from "../fs/regular-file";
import { editCronSkills } from "../hermes/cron-rewrite";
import { archiveDir } from "./archive";
import type { AppliedConsolidation } from "./consolidation-apply";
import { ConsolidationRefusal } from "./consolidation-apply";
import type { CuratorHome } from "./curator-home";
import { archiveSkill, archiveStamp, restoreSkill } from "./moves";
import { writePatchBumps } from "./record-ops";

/*
 * Undoing a consolidation: the siblings come back from the archive, the umbrella's SKILL.md returns to its text
 * before (a new umbrella is archived, as everything the curator takes away: never deleted), the references jev wrote
 * go, and the cron jobs still as jev left them get their skills back. What was undone already (a sibling Hermes's
 * `curator restore` brought back, a SKILL.md put back by hand, an apply that died before it got there) is found and
 * said, and the rest is undone. Only an edit the undo would lose stops it whole, and the refusal names the commands
 * that undo the rest by hand. No path is written through a link (lib/fs/plain-path.ts).
 */

export interface UndoneConsolidation {
  umbrella: string;
  restored: string[];
  /** What the undo found already done, a line each. */
  foundDone: string[];
  /** Siblings left as they are, a line each with why (back in the skills folder and still archived, or in neither). */
  leftAlone: string[];
  /** Cron jobs given their skills back; jobs edited since are left as they are. */
  cronRestored: string[];
  cronLeft: string[];
}

/** A file's text, or null when it is missing or not a regular file (a FIFO must not hang the undo). */
const read = (file: string) => {
  try {
    return readWholeFileSync(file)?.toString("utf8") ?? null;
  } catch {
    return null;
  }
};

const exists = (p: string) => fs.lstatSync(/*turbopackIgnore: true*/ p, { throwIfNoEntry: false }) !== undefined;

/** Where one sibling is now: its archived folder (as the row says, or as the apply names it), and whether it is back. */
interface SiblingNow {
  name: string;
  archived: string | null;
  back: boolean;
  /** Its SKILL.md as it was absorbed, when it can still be read (a reference is compared with it). */
  text: string | null;
}

function siblingNow(h: CuratorHome, a: AppliedConsolidation["absorbed"][number], at: number): SiblingNow {
  const archive = archiveDir(h.skillsDir);
  // An apply that died before it completed its row left no archive path: the apply names it as archiveSkill does.
  const base = path.basename(a.folder ?? a.name);
  const candidates = a.archivedTo ? [a.archivedTo] : [path.join(archive, base), path.join(archive, `${base}-${archiveStamp(at)}`)];
  // Never one planted as a link: restoring it would bring a folder from elsewhere into the skills folder.
  const archived = candidates.find((c) => path.dirname(c) === archive && exists(c) && plainPathProblem(h.skillsDir, c, "folder") === null) ?? null;
  const homes = [path.join(h.skillsDir, a.name), ...(a.folder ? [a.folder] : [])];
  const backAt = homes.find(exists);
  const text = read(path.join(archived ?? backAt ?? "", "SKILL.md"));
  return { name: a.name, archived, back: backAt !== undefined, text };
}

/** The history row is data: its paths must be the files a consolidation writes, real files inside the skills folder. */
function rowProblem(h: CuratorHome, applied: AppliedConsolidation): string | null {
  const inside = (f: string, dir: string) => {
    const r = path.relative(dir, f);
    return r !== "" && !r.startsWith("..") && !path.isAbsolute(r);
  };
  const folder = path.dirname(applied.file);
  const ours =
    path.basename(applied.file) === "SKILL.md" &&
    inside(folder, h.skillsDir) &&
    !inside(folder, archiveDir(h.skillsDir)) &&
    applied.references.every((f) => path.dirname(f) === path.join(folder, "references") && f.endsWith(".md")) &&
    applied.absorbed.every((a) => !a.archivedTo || path.dirname(a.archivedTo) === archiveDir(h.skillsDir)) &&
    (!applied.created || applied.before === "");
  if (!ours) return "the history row does not describe a consolidation of this home";
  const paths: [string, PlainKind][] = [
    [folder, "folder"],
    [applied.file, "file"],
    [archiveDir(h.skillsDir), "folder"],
    ...applied.references.map((f): [string, PlainKind] => [f, "file"]),
  ];
  for (const [target, kind] of paths) {
    const problem = plainPathProblem(h.skillsDir, target, kind);
    if (problem) return `${path.relative(h.home, target)} ${problem}; jev writes only real files and folders there`;
  }
  return null;
}

/** The commands that undo the rest by hand: each sibling still archived restored, one at a time. */
function byHand(siblings: SiblingNow[]): string {
  const archived = siblings.filter((s) => s.archived && !s.back);
  if (!archived.length) return "";
  return ` To bring the siblings back by hand: ${archived.map((s) => `\`jev curator restore ${s.name}\``).join(", ")}.`;
}

/** Undo one applied consolidation, or throw a ConsolidationRefusal that changed nothing. `at` is when it was applied. */
export async function undoConsolidation(h: CuratorHome, applied: AppliedConsolidation, now: number, at: number): Promise<UndoneConsolidation> {
  const rel = (f: string) => path.relative(h.home, f);
  const rowIssue = rowProblem(h, applied);
  if (rowIssue) throw new ConsolidationRefusal(`${rowIssue}; nothing was undone`);
  const siblings = applied.absorbed.map((a) => siblingNow(h, a, at));
  const foundDone: string[] = [];
  const leftAlone: string[] = [];

  // Everything an undo could lose is checked first: an edit since stops it whole.
  const umbrellaText = read(applied.file);
  const umbrellaFolder = path.dirname(applied.file);
  const umbrellaGone = applied.created ? !exists(umbrellaFolder) : false;
  if (!umbrellaGone && umbrellaText !== applied.after && umbrellaText !== (applied.created ? null : applied.before)) {
    throw new ConsolidationRefusal(
      `${rel(applied.file)} has changed since the consolidation: undo would lose that edit; nothing was undone.${byHand(siblings)}`,
    );
  }
  const referenceGoes: string[] = [];
  for (const file of applied.references) {
    const now = read(file);
    if (now === null && !exists(file)) continue;
    const sibling = siblings.find((s) => file.endsWith(`${path.sep}${s.name}.md`));
    if (now === null || sibling?.text === null || now !== sibling?.text) {
      throw new ConsolidationRefusal(`${rel(file)} has changed since the consolidation: undo would lose that edit; nothing was undone.${byHand(siblings)}`);
    }
    referenceGoes.push(file);
  }
  if (applied.created && !umbrellaGone) {
    const ours = new Set(["SKILL.md", "references", ...applied.references.map((f) => path.relative(umbrellaFolder, f))]);
    const extra = listFiles(umbrellaFolder).find((f) => !ours.has(f));
    if (extra)
      throw new ConsolidationRefusal(
        `${rel(path.join(umbrellaFolder, extra))} was added to the new umbrella since: undo would take it away; nothing was undone`,
      );
  }

  // The siblings first: their text is whole in the archive, so nothing is lost if the undo stops here.
  const restored: string[] = [];
  for (const s of siblings) {
    if (s.archived && !s.back) {
      const back = await restoreSkill(h, s.name, now, s.archived);
      if (!back.ok) {
        leftAlone.push(`'${s.name}' could not be restored (${back.message}): \`jev curator restore ${s.name}\` when that is fixed`);
        continue;
      }
      restored.push(s.name);
    } else if (!s.archived && s.back) foundDone.push(`'${s.name}' is in the skills folder already`);
    else if (s.archived && s.back)
      leftAlone.push(
        `'${s.name}' is back in the skills folder and still in the archive (${rel(s.archived)}): both left as they are; remove the one you do not want`,
      );
    else leftAlone.push(`'${s.name}' is in neither the skills folder nor the archive: nothing to bring back`);
  }
  for (const file of referenceGoes) fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
  if (applied.references.length && applied.references.every((f) => !referenceGoes.includes(f) && !exists(f))) foundDone.push("the references are gone already");
  if (applied.created) {
    if (umbrellaGone) foundDone.push(`the new umbrella '${applied.umbrella}' is gone already`);
    else {
      // Archived, as everything the curator takes away: restorable, never deleted.
      removeEmptyReferences(umbrellaFolder);
      const moved = await archiveSkill(h, applied.umbrella, now);
      if (!moved.ok)
        leftAlone.push(`the new umbrella '${applied.umbrella}' could not be archived (${moved.message}): \`jev curator archive ${applied.umbrella}\``);
    }
  } else if (umbrellaText === applied.after) {
    await atomicWriteFile(applied.file, applied.before, ".SKILL_");
    await writePatchBumps(h, applied.umbrella, now, 1); // an edit of its SKILL.md, as Hermes counts one
    removeEmptyReferences(umbrellaFolder);
  } else foundDone.push(`${rel(applied.file)} is as it was before already`);

  const { cronRestored, cronLeft } = await undoCron(h, applied, now);
  return { umbrella: applied.umbrella, restored, foundDone, leftAlone, cronRestored, cronLeft };
}

/** The umbrella's references/ goes when the undo emptied it. */
function removeEmptyReferences(umbrellaFolder: string): void {
  const references = path.join(umbrellaFolder, "references");
  try {
    if (fs.lstatSync(/*turbopackIgnore: true*/ references).isDirectory() && fs.readdirSync(/*turbopackIgnore: true*/ references).length === 0)
      fs.rmdirSync(/*turbopackIgnore: true*/ references);
  } catch {
    // not there
  }
}

/** Cron jobs still as jev left them get their skills back; the others are named. */
async function undoCron(h: CuratorHome, applied: AppliedConsolidation, now: number): Promise<{ cronRestored: string[]; cronLeft: string[] }> {
  const cronRestored: string[] = [];
  const cronLeft: string[] = [];
  if (!applied.cron?.length) return { cronRestored, cronLeft };
  const byJob = new Map(applied.cron.map((r) => [String(r.job_id), r]));
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
  try {
    const report = await editCronSkills(
      h.home,
      (skills, job) => {
        const rewrite = byJob.get(String(job.id));
        if (!rewrite) return null;
        if (!same(skills, rewrite.after)) {
          cronLeft.push(String(job.id));
          return null;
        }
        return { after: [...rewrite.before], mapped: Object.create(null) };
      },
      now,
    );
    cronRestored.push(...report.rewrites.map((r) => String(r.job_id)));
  } catch {
    // a linked, unreadable or locked cron file: every job is named as left
  }
  for (const id of byJob.keys()) if (!cronRestored.includes(id) && !cronLeft.includes(id)) cronLeft.push(id);
  return { cronRestored, cronLeft };
}

/** Every file and folder under `folder`, relative to it (links listed, never followed). */
function listFiles(folder: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const e of fs.readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      out.push(rel);
      if (e.isDirectory()) visit(path.join(dir, e.name), rel);
    }
  };
  visit(folder, "");
  return out;
}
