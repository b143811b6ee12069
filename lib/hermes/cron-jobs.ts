import path from "node:path";
import { readSmallTextSync } from "../fs/regular-file";

/**
 * Skills referenced by any job of `cron/jobs.json` (curator spec §5.2),
 * enabled, paused or disabled alike: from `skills` (a list or a string), else
 * the legacy `skill`; stripped, a leading `/` dropped. A missing or corrupt
 * file gives none.
 */
export function cronReferencedSkills(home: string): Set<string> {
  let doc: unknown;
  try {
    const jobs = path.join(home, "cron", "jobs.json");
    doc = JSON.parse(readSmallTextSync(jobs) ?? "");
  } catch {
    return new Set();
  }
  const jobs = Array.isArray(doc) ? doc : doc && typeof doc === "object" ? (doc as { jobs?: unknown }).jobs : undefined;
  const names = new Set<string>();
  if (!Array.isArray(jobs)) return names;
  const add = (value: unknown) => {
    if (typeof value !== "string") return;
    const name = value.trim().replace(/^\//, "");
    if (name) names.add(name);
  };
  for (const job of jobs) {
    if (!job || typeof job !== "object") continue;
    const { skills, skill } = job as { skills?: unknown; skill?: unknown };
    // Hermes reads `skills or [skill]`: an empty list or string falls back to the legacy field.
    if (Array.isArray(skills) && skills.length > 0) skills.forEach(add);
    else if (typeof skills === "string" && skills.trim()) add(skills);
    else add(skill);
  }
  return names;
}
