import fs from "node:fs";
import path from "node:path";
import { DAY_MS } from "../base/time";
import { bundledHash } from "../hermes/bundled-manifest";
import { formatPyTime } from "../hermes/py-time";
import { pythonJson } from "../hermes/python-json";
import { writeDemoSkills } from "./demo-skills";

export { demoFolder, demoHermesHome } from "./demo-folders";

/** Each demo skill's story, in days before now: something for every lifecycle rule to act on, under any Hermes release's thresholds (14/30 or 30/90). */
const STORIES: Record<
  string,
  { by: string | null; usedDaysAgo?: number; createdDaysAgo: number; uses?: number; views?: number; state?: string; pinned?: boolean }
> = {
  "pdf-tools": { by: "agent", usedDaysAgo: 1, createdDaysAgo: 120, uses: 40, views: 52 },
  spreadsheet: { by: "agent", usedDaysAgo: 3, createdDaysAgo: 90, uses: 12, views: 15 },
  "git-commit": { by: null, usedDaysAgo: 0, createdDaysAgo: 200, uses: 75, views: 75 }, // bundled: telemetry only
  "playwright-tests": { by: "agent", usedDaysAgo: 45, createdDaysAgo: 100, uses: 4, views: 6 }, // will go stale
  "sql-tuning": { by: "agent", usedDaysAgo: 120, createdDaysAgo: 200, uses: 2, views: 3 }, // will be archived
  changelog: { by: "agent", usedDaysAgo: 150, createdDaysAgo: 220, uses: 1, views: 1, pinned: true }, // pinned: kept
  "slide-deck": { by: "learn", usedDaysAgo: 10, createdDaysAgo: 40, uses: 3, views: 4 }, // created in the foreground: unmanaged
  "brand-voice": { by: "agent", createdDaysAgo: 5 }, // never used, within its grace
  "meeting-notes": { by: "agent", usedDaysAgo: 0, createdDaysAgo: 70, uses: 9, views: 11, state: "stale" }, // active again
  diagram: { by: "agent", createdDaysAgo: 200 }, // never used, long ago: will be archived
};

/**
 * A Hermes home for the demo, in Hermes's formats: the demo skills, a bundled
 * manifest naming one of them, usage records telling a story per skill (used
 * daily, going stale, long idle, pinned, never used), Hermes's default
 * curator config and a curator state from a week ago. Replaces any earlier one.
 */
export function writeDemoHermesHome(home: string, now = Date.now()): { skills: number } {
  fs.rmSync(home, { recursive: true, force: true });
  const skills = path.join(home, "skills");
  writeDemoSkills(skills);
  fs.writeFileSync(path.join(home, "config.yaml"), "# jev demo data: a synthetic Hermes home\ncurator:\n  prune_builtins: false\n");
  fs.writeFileSync(path.join(skills, ".bundled_manifest"), `git-commit:${bundledHash(path.join(skills, "git-commit"))}\n`);
  const at = (days: number | undefined) => (days === undefined ? null : formatPyTime(now - days * DAY_MS - 3_600_000));
  const usage = Object.fromEntries(
    Object.entries(STORIES).map(([name, s]) => [
      name,
      {
        created_by: s.by,
        use_count: s.uses ?? 0,
        view_count: s.views ?? 0,
        patch_count: 0,
        last_used_at: at(s.usedDaysAgo),
        last_viewed_at: at(s.usedDaysAgo),
        last_patched_at: null,
        patch_generation: 0,
        last_reused_patch_generation: 0,
        created_at: formatPyTime(now - s.createdDaysAgo * DAY_MS),
        state: s.state ?? "active",
        pinned: s.pinned ?? false,
        archived_at: null,
      },
    ]),
  );
  fs.writeFileSync(path.join(skills, ".usage.json"), pythonJson(usage));
  fs.writeFileSync(
    path.join(skills, ".curator_state"),
    pythonJson({
      last_run_at: formatPyTime(now - 8 * DAY_MS),
      last_run_summary: "auto: no changes; llm: skipped (consolidation off)",
      run_count: 3,
      paused: false,
    }),
  );
  return { skills: Object.keys(STORIES).length };
}
