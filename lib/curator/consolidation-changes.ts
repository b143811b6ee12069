import fs from "node:fs";
import path from "node:path";
import { createTwoFilesPatch } from "diff";
import matter from "gray-matter";
import { readSkillFileSync } from "../fs/skill-file";
import { cronJobSkills } from "../hermes/cron-rewrite";
import type { ConsolidationPlan } from "./consolidation-plan";
import type { CuratorHome } from "./curator-home";
import { findLocalFolder } from "./provenance";

/*
 * What a checked plan would change, composed by jev (the model wrote none of it): the umbrella's new SKILL.md, each
 * sibling's SKILL.md under the umbrella's references/, the siblings' folders archived, and every cron job that named a
 * sibling following it to the umbrella, as Hermes's cron.jobs.rewrite_skill_refs does. Shown first, as a diff.
 */

export interface CronRewrite {
  job: string;
  before: string[];
  after: string[];
}

export interface PlanChanges {
  cluster: number;
  umbrella: { name: string; file: string; create: boolean; before: string; after: string; diff: string };
  /** Files written under the umbrella's references/ (a sibling absorbed as a reference). */
  references: { file: string; text: string }[];
  /** The siblings' folders, archived to skills/.archive as Hermes archives (restorable). */
  archive: { name: string; folder: string }[];
  cron: CronRewrite[];
}

const SUPPORT_FILE_REFUSAL = (name: string) =>
  `'${name}' has support files beside its SKILL.md: absorbing only the SKILL.md would leave them behind (Hermes's package rule), so it stays a skill of its own`;

/** A SKILL.md's whole body and description (the catalog's card keeps only the first 8,000 characters); null when its front matter does not parse. */
function partsOf(text: string): { body: string; description: string } | null {
  try {
    const parsed = matter(text, { cache: false } as never);
    const description = typeof parsed.data?.description === "string" ? parsed.data.description.replace(/\s+/g, " ").trim() : "";
    return { body: parsed.content.trim(), description };
  } catch {
    return null;
  }
}

/** A SKILL.md larger than this is not merged (a skill that long is a reference library, and would be read whole). */
export const MAX_MERGED_BYTES = 1024 * 1024;

/** A SKILL.md's text, or null when it is not a regular file jev can read whole. */
function textOf(file: string): string | null {
  const read = readSkillFileSync(file, MAX_MERGED_BYTES + 1);
  return read && read.text !== null && read.size <= MAX_MERGED_BYTES ? read.text : null;
}

function hasSupportFiles(folder: string): boolean {
  return fs.readdirSync(folder).some((entry) => entry !== "SKILL.md" && !entry.startsWith("."));
}

/** A new umbrella's SKILL.md: Hermes's front matter (name, description), a title, and the description as its first line. */
function newUmbrella(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${name}\n\n${description}\n`;
}

/** Cron jobs' skill lists with each sibling replaced by its umbrella (no repeats, order kept): only the jobs that change. */
export function cronRewrites(jobs: readonly { id: string; skills: string[] }[], into: ReadonlyMap<string, string>): CronRewrite[] {
  const out: CronRewrite[] = [];
  for (const job of jobs) {
    if (!job.skills.some((s) => into.has(s))) continue;
    const after: string[] = [];
    for (const s of job.skills) {
      const name = into.get(s) ?? s;
      if (!after.includes(name)) after.push(name);
    }
    out.push({ job: job.id, before: [...job.skills], after });
  }
  return out;
}

/** The changes of each plan, or why a plan cannot be carried out as it stands (it is then left out, the others kept). */
export function planChanges(h: CuratorHome, plans: readonly ConsolidationPlan[]): { changes: PlanChanges[]; refused: { cluster: number; reason: string }[] } {
  const changes: PlanChanges[] = [];
  const refused: { cluster: number; reason: string }[] = [];
  const jobs = cronJobSkills(h.home);
  for (const plan of plans) {
    const umbrellaFolder = plan.umbrella.create ? path.join(h.skillsDir, plan.umbrella.name) : findLocalFolder(h, plan.umbrella.name)?.folder;
    if (!umbrellaFolder) {
      refused.push({ cluster: plan.cluster, reason: `the umbrella '${plan.umbrella.name}' has no folder in the home` });
      continue;
    }
    if (plan.umbrella.create && fs.existsSync(umbrellaFolder)) {
      refused.push({ cluster: plan.cluster, reason: `a folder named '${plan.umbrella.name}' is already in the skills folder` });
      continue;
    }
    const file = path.join(umbrellaFolder, "SKILL.md");
    const before = plan.umbrella.create ? "" : textOf(file);
    if (before === null) {
      refused.push({ cluster: plan.cluster, reason: `the umbrella's SKILL.md cannot be read` });
      continue;
    }
    let after = plan.umbrella.create ? newUmbrella(plan.umbrella.name, plan.umbrella.description ?? "") : before;
    const references: PlanChanges["references"] = [];
    const referenceLines: string[] = [];
    const archive: PlanChanges["archive"] = [];
    let problem: string | null = null;
    for (const { skill, as } of plan.absorb) {
      const folder = findLocalFolder(h, skill)?.folder;
      const text = folder ? textOf(path.join(folder, "SKILL.md")) : null;
      if (!folder || text === null) {
        problem = `'${skill}''s SKILL.md cannot be read`;
        break;
      }
      if (hasSupportFiles(folder)) {
        problem = SUPPORT_FILE_REFUSAL(skill);
        break;
      }
      const parsed = partsOf(text);
      if (!parsed) {
        problem = `'${skill}''s front matter does not parse`;
        break;
      }
      if (as === "section") after = `${after.trimEnd()}\n\n## ${skill}\n\n${parsed.body.trim()}\n`;
      else {
        const rel = `references/${skill}.md`;
        references.push({ file: path.join(umbrellaFolder, rel), text });
        referenceLines.push(`- [${rel}](${rel}): ${parsed.description}`);
      }
      archive.push({ name: skill, folder });
    }
    if (problem) {
      refused.push({ cluster: plan.cluster, reason: problem });
      continue;
    }
    if (referenceLines.length) after = `${after.trimEnd()}\n\n## References\n\n${referenceLines.join("\n")}\n`;
    const into = new Map(plan.absorb.map((a) => [a.skill, plan.umbrella.name]));
    const shown = path.relative(h.home, file);
    changes.push({
      cluster: plan.cluster,
      umbrella: {
        name: plan.umbrella.name,
        file,
        create: plan.umbrella.create,
        before,
        after,
        diff: createTwoFilesPatch(shown, shown, before, after, "now", "after"),
      },
      references,
      archive,
      cron: cronRewrites(jobs, into),
    });
  }
  return { changes, refused };
}
