import fs from "node:fs";
import path from "node:path";
import { DAY_MS } from "../base/time";
import { formatPyTime } from "../hermes/py-time";
import { pythonJson } from "../hermes/python-json";
import type { UsageMap } from "../hermes/usage-record";

/**
 * A Hermes home in a temp folder, in Hermes's own formats, for curator tests:
 * skills at relative paths (the front-matter name may differ from the
 * folder), usage records, a bundled manifest, a hub lock, config.yaml, cron
 * jobs and external roots.
 */
export interface HermesHomeSpec {
  /** Relative folder under skills/ → front-matter name (default: the folder's name). */
  skills?: Record<string, string | null>;
  usage?: UsageMap;
  bundled?: string[];
  /** Hub-installed names → install_path under skills/. */
  hub?: Record<string, string>;
  configYaml?: string;
  cronJobs?: unknown;
  /** External roots (absolute) → their skills (relative folder → name). */
  external?: Record<string, Record<string, string | null>>;
}

export function writeSkillFolder(folder: string, name: string | null): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "SKILL.md"), `---\nname: ${name ?? path.basename(folder)}\ndescription: a test skill\n---\n\n# ${name}\n`);
}

export function buildHermesHome(home: string, spec: HermesHomeSpec): string {
  const skills = path.join(home, "skills");
  fs.mkdirSync(skills, { recursive: true });
  for (const [rel, name] of Object.entries(spec.skills ?? {})) writeSkillFolder(path.join(skills, rel), name);
  if (spec.usage) fs.writeFileSync(path.join(skills, ".usage.json"), pythonJson(spec.usage));
  if (spec.bundled) fs.writeFileSync(path.join(skills, ".bundled_manifest"), spec.bundled.map((n) => `${n}:0123456789abcdef0123456789abcdef\n`).join(""));
  if (spec.hub) {
    fs.mkdirSync(path.join(skills, ".hub"), { recursive: true });
    const installed = Object.fromEntries(Object.entries(spec.hub).map(([n, p]) => [n, { source: "taps/main", install_path: p, files: ["SKILL.md"] }]));
    fs.writeFileSync(path.join(skills, ".hub", "lock.json"), `${JSON.stringify({ version: 1, installed }, null, 2)}\n`);
  }
  if (spec.configYaml) fs.writeFileSync(path.join(home, "config.yaml"), spec.configYaml);
  if (spec.cronJobs !== undefined) {
    fs.mkdirSync(path.join(home, "cron"), { recursive: true });
    fs.writeFileSync(path.join(home, "cron", "jobs.json"), JSON.stringify(spec.cronJobs));
  }
  for (const [root, tree] of Object.entries(spec.external ?? {})) for (const [rel, name] of Object.entries(tree)) writeSkillFolder(path.join(root, rel), name);
  return home;
}

/** A usage record last used `days` ago (idle `days` days, used at least once), managed unless told otherwise. */
export function idleRecord(now: number, days: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const at = formatPyTime(now - days * DAY_MS);
  return {
    created_by: "agent",
    use_count: 1,
    view_count: 0,
    patch_count: 0,
    last_used_at: at,
    created_at: formatPyTime(now - 400 * DAY_MS),
    state: "active",
    pinned: false,
    archived_at: null,
    ...extra,
  };
}

/** A never-used record created `days` ago. */
export function neverUsedRecord(now: number, days: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    created_by: "agent",
    use_count: 0,
    view_count: 0,
    patch_count: 0,
    created_at: formatPyTime(now - days * DAY_MS),
    state: "active",
    pinned: false,
    archived_at: null,
    ...extra,
  };
}
