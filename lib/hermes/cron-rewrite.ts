import fs from "node:fs";
import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { withFileLock } from "../fs/flock";
import { assertPlainPath } from "../fs/plain-path";
import { readWholeFileSync } from "../fs/regular-file";
import { formatPyTime } from "./py-time";

/*
 * Cron jobs following a consolidation, as Hermes's cron/jobs.py rewrite_skill_refs does it: under the flock every cron
 * writer takes (cron/.jobs.lock), each job's skill list (`skills`, else the legacy `skill`) has each absorbed skill
 * replaced by its umbrella, no repeats, order kept, `skill` realigned to the first; the file is saved as save_jobs saves
 * it ({"jobs", "updated_at"}, indent 2, 0600) and the report has Hermes's shape.
 */

export interface CronRewriteEntry {
  job_id: unknown;
  job_name: unknown;
  before: string[];
  after: string[];
  mapped: Record<string, string>;
  dropped: string[];
}

export interface CronRewriteReport {
  rewrites: CronRewriteEntry[];
  jobs_updated: number;
  jobs_scanned: number;
}

export const cronPaths = (home: string) => {
  const dir = path.join(home, "cron");
  return { dir, jobs: path.join(dir, "jobs.json"), lock: path.join(dir, ".jobs.lock") };
};

/** A job's skills as Hermes normalizes them: `skills` when present (a list or one string), else `[skill]`; trimmed, no repeats. */
export function normalizedSkills(job: Record<string, unknown>): string[] {
  const { skills, skill } = job;
  const raw = skills === undefined || skills === null ? (skill ? [skill] : []) : typeof skills === "string" ? [skills] : Array.isArray(skills) ? skills : [];
  const out: string[] = [];
  for (const item of raw) {
    const text = String(item ?? "").trim();
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

/** Python's json.dump(indent=2) escapes every non-ASCII character; a reader sees the same strings either way. */
const asciiJson = (value: unknown) => JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The jobs list of cron/jobs.json ({"jobs": […]} or a bare list); null when there is no file; throws when it is corrupt. */
function readJobs(file: string): Record<string, unknown>[] | null {
  // A file jev rewrites is read whole, and only if it is a regular file (a FIFO here must not hang the server).
  const bytes = readWholeFileSync(file);
  if (bytes === undefined) return null;
  const doc: unknown = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  const jobs = Array.isArray(doc) ? doc : doc && typeof doc === "object" ? ((doc as { jobs?: unknown }).jobs ?? []) : null;
  if (!Array.isArray(jobs)) throw new Error("cron/jobs.json is not {'jobs': [...]}");
  return jobs.filter((j): j is Record<string, unknown> => !!j && typeof j === "object" && !Array.isArray(j));
}

/** The jobs of a home's cron/jobs.json with their skills as Hermes normalizes them; none when the file is missing or corrupt. */
export function cronJobSkills(home: string): { id: string; skills: string[] }[] {
  let jobs: Record<string, unknown>[] | null;
  try {
    assertPlainPath(home, cronPaths(home).jobs, "file"); // a linked jobs file is not the home's: its jobs are not read
    jobs = readJobs(cronPaths(home).jobs);
  } catch {
    return [];
  }
  return (jobs ?? []).map((job, i) => ({ id: String(job.id ?? job.name ?? i), skills: normalizedSkills(job) }));
}

/**
 * Replace each job's skill list through `edit` (given the normalized list, returning the new one, or null to leave the
 * job as it is), under Hermes's cron lock; the file is written only when a job changed.
 */
export async function editCronSkills(
  home: string,
  edit: (skills: string[], job: Record<string, unknown>) => { after: string[]; mapped: Record<string, string> } | null,
  now: number,
): Promise<CronRewriteReport> {
  const paths = cronPaths(home);
  // Neither the jobs file nor Hermes's lock is ever reached through a link (a linked jobs.json had its target rewritten).
  assertPlainPath(home, paths.jobs, "file");
  assertPlainPath(home, paths.lock, "file");
  if (!fs.existsSync(paths.jobs)) return { rewrites: [], jobs_updated: 0, jobs_scanned: 0 };
  return withFileLock(
    paths.lock,
    async () => {
      const jobs = readJobs(paths.jobs);
      if (!jobs) return { rewrites: [], jobs_updated: 0, jobs_scanned: 0 };
      const rewrites: CronRewriteEntry[] = [];
      for (const job of jobs) {
        const before = normalizedSkills(job);
        if (!before.length) continue;
        const change = edit(before, job);
        if (!change) continue;
        job.skills = change.after;
        job.skill = change.after[0] ?? null;
        rewrites.push({ job_id: job.id, job_name: job.name || job.id, before, after: change.after, mapped: change.mapped, dropped: [] });
      }
      if (rewrites.length) await atomicWriteFile(paths.jobs, `${asciiJson({ jobs, updated_at: formatPyTime(now) })}`, ".jobs_", { mode: 0o600 });
      return { rewrites, jobs_updated: rewrites.length, jobs_scanned: jobs.length };
    },
    30_000,
  );
}

/** rewrite_skill_refs for a consolidation: each absorbed skill (a key of `into`) becomes its umbrella. */
export function rewriteCronSkillRefs(home: string, into: ReadonlyMap<string, string>, now: number): Promise<CronRewriteReport> {
  return editCronSkills(
    home,
    (skills) => {
      if (!skills.some((s) => into.has(s))) return null;
      const after: string[] = [];
      const mapped: Record<string, string> = Object.create(null);
      for (const s of skills) {
        const target = into.get(s);
        if (target !== undefined) mapped[s] = target;
        const name = target ?? s;
        if (!after.includes(name)) after.push(name);
      }
      return { after, mapped };
    },
    now,
  );
}
