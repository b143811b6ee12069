import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { readWholeFileSync } from "../fs/regular-file";
import { editCronSkills } from "../hermes/cron-rewrite";
import type { AppliedConsolidation } from "./consolidation-apply";
import { ConsolidationRefusal } from "./consolidation-apply";
import type { CuratorHome } from "./curator-home";
import { restoreSkill } from "./moves";
import { writeForget } from "./record-ops";

/*
 * Undoing a consolidation whole: the siblings come back from the archive, the umbrella's SKILL.md returns to its text
 * before (a new umbrella's folder goes), the references jev wrote go, and the cron jobs still as jev left them get
 * their skills back. Everything is checked first; if anything has changed since, nothing is undone and the reply says
 * what and how to go on by hand, because an undo must not lose an edit made after the consolidation.
 */

export interface UndoneConsolidation {
  umbrella: string;
  restored: string[];
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

/** Why the undo cannot go ahead, or null. */
function undoProblem(h: CuratorHome, applied: AppliedConsolidation): string | null {
  const rel = (f: string) => path.relative(h.home, f);
  // The history row is data: its paths must be the files a consolidation writes, inside the skills folder.
  const inside = (f: string, dir: string) => {
    const r = path.relative(dir, f);
    return r !== "" && !r.startsWith("..") && !path.isAbsolute(r);
  };
  const folder = path.dirname(applied.file);
  const ours =
    path.basename(applied.file) === "SKILL.md" &&
    inside(folder, h.skillsDir) &&
    !inside(folder, path.join(h.skillsDir, ".archive")) &&
    applied.references.every((f) => path.dirname(f) === path.join(folder, "references") && f.endsWith(".md"));
  if (!ours) return "the history row does not describe a consolidation of this home";
  if (read(applied.file) !== applied.after)
    return `${rel(applied.file)} has changed since the consolidation: undo would lose that edit (restore each skill with \`jev curator restore NAME\` instead)`;
  for (const a of applied.absorbed) {
    if (!a.archivedTo) continue;
    if (!fs.existsSync(/*turbopackIgnore: true*/ a.archivedTo)) return `'${a.name}' is no longer in the archive (${rel(a.archivedTo)})`;
    if (fs.existsSync(/*turbopackIgnore: true*/ path.join(h.skillsDir, a.name)))
      return `a skill folder named '${a.name}' exists again: undo would overwrite it`;
  }
  for (const file of applied.references) {
    const sibling = applied.absorbed.find((a) => a.archivedTo && file.endsWith(`${path.sep}${a.name}.md`));
    const original = sibling?.archivedTo ? read(path.join(sibling.archivedTo, "SKILL.md")) : null;
    const now = read(file);
    if (now !== null && now !== original) return `${rel(file)} has changed since the consolidation: undo would lose that edit`;
  }
  if (applied.created) {
    const folder = path.dirname(applied.file);
    const ours = new Set(["SKILL.md", "references", ...applied.references.map((f) => path.relative(folder, f))]);
    const extra = listFiles(folder).find((f) => !ours.has(f));
    if (extra) return `${rel(path.join(folder, extra))} was added to the new umbrella since: undo would delete it`;
  }
  return null;
}

/** Every file and folder under `folder`, relative to it. */
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

/** Undo one applied consolidation, or throw a ConsolidationRefusal that changed nothing. */
export async function undoConsolidation(h: CuratorHome, applied: AppliedConsolidation, now: number): Promise<UndoneConsolidation> {
  const problem = undoProblem(h, applied);
  if (problem) throw new ConsolidationRefusal(`${problem}; nothing was undone`);
  const restored: string[] = [];
  for (const a of applied.absorbed) {
    if (!a.archivedTo) continue;
    const back = await restoreSkill(h, a.name, now, a.archivedTo);
    if (!back.ok)
      throw new ConsolidationRefusal(
        `'${a.name}' could not be restored (${back.message}); ${restored.length ? `${restored.join(", ")} already were` : "nothing was undone"}`,
      );
    restored.push(a.name);
  }
  for (const file of applied.references) fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
  if (applied.created) {
    fs.rmSync(/*turbopackIgnore: true*/ path.dirname(applied.file), { recursive: true, force: true });
    await writeForget(h, applied.umbrella, now); // as Hermes forgets a deleted skill's record
  } else {
    await atomicWriteFile(applied.file, applied.before, ".SKILL_");
    const references = path.join(path.dirname(applied.file), "references");
    if (applied.references.length && fs.existsSync(references) && fs.readdirSync(references).length === 0) fs.rmdirSync(references);
  }
  const cronRestored: string[] = [];
  const cronLeft: string[] = [];
  if (applied.cron.length) {
    const byJob = new Map(applied.cron.map((r) => [String(r.job_id), r]));
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
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
    for (const id of byJob.keys()) if (!cronRestored.includes(id) && !cronLeft.includes(id)) cronLeft.push(id);
  }
  return { umbrella: applied.umbrella, restored, cronRestored, cronLeft };
}
