import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { assertPlainPath, NotPlainPath } from "../fs/plain-path";
import { type CronRewriteEntry, rewriteCronSkillRefs } from "../hermes/cron-rewrite";
import { archiveDir } from "./archive";
import type { PlanChanges } from "./consolidation-changes";
import type { ConsolidationPlan } from "./consolidation-plan";
import type { CuratorHome } from "./curator-home";
import { archiveSkill } from "./moves";
import { writeManaged, writePatchBumps } from "./record-ops";

/*
 * Carrying out one previewed consolidation, in the order that loses nothing if it stops halfway: the references and
 * the umbrella's SKILL.md are written first (the siblings' content is then in two places), then each sibling is
 * archived as Hermes archives (restorable), then the cron jobs follow the umbrella. Every path is checked first to be a
 * real file or folder inside the skills folder (lib/fs/plain-path.ts): nothing is written through a link. The caller
 * writes the history row from `intendedConsolidation` before the first change, so an apply that dies halfway can
 * still be undone, and completes it with what `applyChange` returns.
 */

/** One consolidation as it was applied: the history entry's detail, and what `undoConsolidation` reads. */
export interface AppliedConsolidation {
  cluster: number;
  umbrella: string;
  created: boolean;
  /** The umbrella's SKILL.md, and its text before ("" when created) and after. */
  file: string;
  before: string;
  after: string;
  /** Files written under the umbrella's references/. */
  references: string[];
  /** Each sibling: its folder before (rows from before this field have none), where it was archived, or why it was not. */
  absorbed: { name: string; as: "section" | "reference"; folder?: string; archivedTo: string | null; problem?: string }[];
  cron: CronRewriteEntry[];
  /** How many cron jobs were read (Hermes's jobs_scanned). */
  cronScanned: number;
  /** Why the cron jobs were left as they were (a linked or unreadable cron/jobs.json), when they were. */
  cronProblem?: string;
  reason: string;
  /** `applying` from before the first change until the last is done: an apply that died halfway stays so. Older rows have none. */
  state?: "applying" | "applied";
}

export class ConsolidationRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConsolidationRefusal";
  }
}

/** Write a file that must not exist yet (a reference, a new umbrella's SKILL.md): never over anything, never through a link. */
function writeNew(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(/*turbopackIgnore: true*/ file, text, { flag: "wx" });
}

/** What the history row says before the first change: the whole plan, no sibling archived yet. */
export function intendedConsolidation(change: PlanChanges, plan: ConsolidationPlan): AppliedConsolidation {
  return {
    cluster: change.cluster,
    umbrella: change.umbrella.name,
    created: change.umbrella.create,
    file: change.umbrella.file,
    before: change.umbrella.before,
    after: change.umbrella.after,
    references: change.references.map((r) => r.file),
    absorbed: plan.absorb.map(({ skill, as }) => ({ name: skill, as, folder: change.archive.find((a) => a.name === skill)?.folder, archivedTo: null })),
    cron: [],
    cronScanned: 0,
    reason: plan.reason,
    state: "applying",
  };
}

/** Every path one change writes or moves, checked to be a plain file or folder inside the skills folder; throws before any change. */
function assertChangePaths(h: CuratorHome, change: PlanChanges): void {
  const folder = path.dirname(change.umbrella.file);
  try {
    assertPlainPath(h.skillsDir, folder, "folder");
    assertPlainPath(h.skillsDir, change.umbrella.file, "file");
    if (change.references.length) assertPlainPath(h.skillsDir, path.join(folder, "references"), "folder");
    for (const r of change.references) assertPlainPath(h.skillsDir, r.file, "file");
    for (const a of change.archive) {
      assertPlainPath(h.skillsDir, a.folder, "folder");
      assertPlainPath(h.skillsDir, path.join(a.folder, "SKILL.md"), "file");
    }
    assertPlainPath(h.skillsDir, archiveDir(h.skillsDir), "folder");
  } catch (err) {
    if (err instanceof NotPlainPath)
      throw new ConsolidationRefusal(`${path.relative(h.home, err.target)} ${err.problem}: nothing was changed for '${change.umbrella.name}'`);
    throw err;
  }
}

/** Throws a ConsolidationRefusal, nothing changed, when a change cannot be written as it stands (a link on its way, a file already there). */
export function checkChange(h: CuratorHome, change: PlanChanges): void {
  assertChangePaths(h, change);
  const taken = change.references.find((r) => fs.lstatSync(/*turbopackIgnore: true*/ r.file, { throwIfNoEntry: false }));
  if (taken) throw new ConsolidationRefusal(`${path.relative(h.home, taken.file)} already exists: nothing was changed for '${change.umbrella.name}'`);
}

/** Apply one change of a preview the caller has checked against the home as it is now; refusals come before any change. */
export async function applyChange(h: CuratorHome, change: PlanChanges, plan: ConsolidationPlan, now: number): Promise<AppliedConsolidation> {
  const { umbrella } = change;
  checkChange(h, change);
  if (umbrella.create) {
    fs.mkdirSync(path.dirname(umbrella.file), { recursive: false });
    writeNew(umbrella.file, umbrella.after);
    await writeManaged(h, umbrella.name, now); // agent-created, as Hermes's skill_manage create marks a new umbrella
  }
  for (const r of change.references) writeNew(r.file, r.text);
  if (!umbrella.create) await atomicWriteFile(umbrella.file, umbrella.after, ".SKILL_");
  // As Hermes's skill_manage counts it: an edit of the umbrella's SKILL.md, and a write_file for each reference.
  await writePatchBumps(h, umbrella.name, now, (umbrella.create ? 0 : 1) + change.references.length);
  const absorbed: AppliedConsolidation["absorbed"] = [];
  const into = new Map<string, string>();
  for (const { skill, as } of plan.absorb) {
    const moved = await archiveSkill(h, skill, now);
    const folder = change.archive.find((a) => a.name === skill)?.folder;
    absorbed.push({ name: skill, as, folder, archivedTo: moved.path ?? null, ...(moved.ok ? {} : { problem: moved.message }) });
    if (moved.ok) into.set(skill, umbrella.name);
  }
  // Best-effort, as Hermes's run does it: a cron file that cannot be read or locked leaves the jobs as they were (and says why).
  let cron: { rewrites: CronRewriteEntry[]; jobs_scanned: number } = { rewrites: [], jobs_scanned: 0 };
  let cronProblem: string | undefined;
  if (into.size) {
    try {
      cron = await rewriteCronSkillRefs(h.home, into, now);
    } catch (err) {
      cronProblem = err instanceof NotPlainPath ? `${path.relative(h.home, err.target)} ${err.problem}` : "cron/jobs.json could not be read or locked";
    }
  }
  return {
    ...intendedConsolidation(change, plan),
    absorbed,
    cron: cron.rewrites,
    cronScanned: cron.jobs_scanned,
    ...(cronProblem ? { cronProblem } : {}),
    state: "applied",
  };
}
