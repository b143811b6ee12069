import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { type CronRewriteEntry, rewriteCronSkillRefs } from "../hermes/cron-rewrite";
import type { PlanChanges } from "./consolidation-changes";
import type { ConsolidationPlan } from "./consolidation-plan";
import type { CuratorHome } from "./curator-home";
import { archiveSkill } from "./moves";
import { writeManaged } from "./record-ops";

/*
 * Carrying out one previewed consolidation, in the order that loses nothing if it stops halfway: the references and
 * the umbrella's SKILL.md are written first (the siblings' content is then in two places), then each sibling is
 * archived as Hermes archives (restorable), then the cron jobs follow the umbrella. What was done is returned whole,
 * with what an undo needs, for the history.
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
  absorbed: { name: string; as: "section" | "reference"; archivedTo: string | null; problem?: string }[];
  cron: CronRewriteEntry[];
  /** How many cron jobs were read (Hermes's jobs_scanned). */
  cronScanned: number;
  reason: string;
}

export class ConsolidationRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConsolidationRefusal";
  }
}

/** Write a file that must not exist yet (a reference, a new umbrella's SKILL.md): never over anything. */
function writeNew(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(/*turbopackIgnore: true*/ file, text, { flag: "wx" });
}

/** Apply one change of a preview the caller has checked against the home as it is now. */
export async function applyChange(h: CuratorHome, change: PlanChanges, plan: ConsolidationPlan, now: number): Promise<AppliedConsolidation> {
  const { umbrella } = change;
  const taken = change.references.find((r) => fs.existsSync(r.file));
  if (taken) throw new ConsolidationRefusal(`${path.relative(h.home, taken.file)} already exists: nothing was changed for '${umbrella.name}'`);
  if (umbrella.create) {
    fs.mkdirSync(path.dirname(umbrella.file), { recursive: false });
    writeNew(umbrella.file, umbrella.after);
    await writeManaged(h, umbrella.name, now); // agent-created, as Hermes's skill_manage create marks a new umbrella
  }
  for (const r of change.references) writeNew(r.file, r.text);
  if (!umbrella.create) await atomicWriteFile(umbrella.file, umbrella.after, ".SKILL_");
  const absorbed: AppliedConsolidation["absorbed"] = [];
  const into = new Map<string, string>();
  for (const { skill, as } of plan.absorb) {
    const moved = await archiveSkill(h, skill, now);
    absorbed.push({ name: skill, as, archivedTo: moved.path ?? null, ...(moved.ok ? {} : { problem: moved.message }) });
    if (moved.ok) into.set(skill, umbrella.name);
  }
  // Best-effort, as Hermes's run does it: a cron file that cannot be read or locked leaves the jobs as they were.
  const cron = into.size ? await rewriteCronSkillRefs(h.home, into, now).catch(() => ({ rewrites: [], jobs_scanned: 0 })) : { rewrites: [], jobs_scanned: 0 };
  return {
    cluster: change.cluster,
    umbrella: umbrella.name,
    created: umbrella.create,
    file: umbrella.file,
    before: umbrella.before,
    after: umbrella.after,
    references: change.references.map((r) => r.file),
    absorbed,
    cron: cron.rewrites,
    cronScanned: cron.jobs_scanned,
    reason: plan.reason,
  };
}
