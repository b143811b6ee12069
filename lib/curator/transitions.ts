import { DAY_MS } from "../base/time";
import { cronReferencedSkills } from "../hermes/cron-jobs";
import { parsePyTime } from "../hermes/py-time";
import { counterValue } from "../hermes/usage-record";
import { curationScope } from "./curation-scope";
import type { CuratorHome } from "./curator-home";
import { archiveSkill } from "./moves";
import { curatedReport } from "./provenance";
import { writeReanchor, writeSeed, writeState } from "./record-ops";

export interface TransitionCounts {
  marked_stale: number;
  archived: number;
  reactivated: number;
  checked: number;
  seeded: number;
}

export interface StateChange {
  name: string;
  from: string;
  to: string;
}

export const PLANNED_STEPS = ["keep", "seed", "reanchor", "reactivate", "mark_stale", "archive"] as const;
export type PlannedStep = (typeof PLANNED_STEPS)[number];

/** What the automatic pass would do to one curated skill now, and why. */
export interface PlannedTransition {
  name: string;
  state: string;
  step: PlannedStep;
  why: string;
  /** Whole days since the skill's anchor (last activity, else creation). */
  idleDays: number | null;
}

/**
 * The automatic lifecycle pass (curator spec §5.2) as a plan, changing nothing: pinned and cron-referenced skills
 * kept, new ones seeded (a bundled one without activity re-anchored), never-used ones given their grace, idle ones
 * made stale or archived, recently active ones brought back. The Curator page previews it; `applyTransitions` runs it.
 */
export function planTransitions(h: CuratorHome, now: number): PlannedTransition[] {
  const { staleAfterDays, archiveAfterDays } = h.config;
  const staleCutoff = now - staleAfterDays * DAY_MS;
  const archiveCutoff = now - archiveAfterDays * DAY_MS;
  const cronProtected = cronReferencedSkills(h.home);
  const scope = curationScope(h);
  return curatedReport(h, now).map((row): PlannedTransition => {
    const plan = (step: PlannedStep, why: string, idleDays: number | null = null) => ({ name: row.name, state: row.state, step, why, idleDays });
    if (row.pinned) return plan("keep", "pinned");
    const handsOff = scope.handsOff(row.name, "lifecycle");
    if (handsOff) return plan("keep", handsOff);
    if (cronProtected.has(row.name)) return plan("keep", "referenced by a cron job");
    if (!row._persisted) return plan("seed", "first seen: its clock starts now");
    const used = counterValue(row.use_count);
    if (row.provenance === "bundled" && used === 0 && row.last_activity_at === null && !row.first_seen_at) {
      return plan("reanchor", "bundled and never active: its clock starts now");
    }
    const anchor = parsePyTime(row.last_activity_at) ?? parsePyTime(row.created_at) ?? now;
    const idle = Math.max(0, Math.floor((now - anchor) / DAY_MS));
    const since = row.last_activity_at ? `last active ${idle} d ago` : `never active, created ${idle} d ago`;
    if (used === 0 && anchor > staleCutoff) {
      return row.state === "stale"
        ? plan("reactivate", `never used, within its ${staleAfterDays}-day grace`, idle)
        : plan("keep", `never used, within its ${staleAfterDays}-day grace`, idle);
    }
    if (anchor <= archiveCutoff && row.state !== "archived") return plan("archive", `${since} (archive after ${archiveAfterDays} d)`, idle);
    if (anchor <= staleCutoff && row.state === "active") return plan("mark_stale", `${since} (stale after ${staleAfterDays} d)`, idle);
    if (anchor > staleCutoff && row.state === "stale") return plan("reactivate", `${since}: active again`, idle);
    return plan("keep", since, idle);
  });
}

/** Carry out the plan: each step is a locked write (or a folder move), counted as the spec counts them. */
export async function applyTransitions(h: CuratorHome, now: number): Promise<{ counts: TransitionCounts; changes: StateChange[] }> {
  const counts: TransitionCounts = { marked_stale: 0, archived: 0, reactivated: 0, checked: 0, seeded: 0 };
  const changes: StateChange[] = [];
  for (const p of planTransitions(h, now)) {
    counts.checked++;
    switch (p.step) {
      case "seed":
        await writeSeed(h, p.name, now);
        counts.seeded++;
        break;
      case "reanchor":
        await writeReanchor(h, p.name, now);
        counts.seeded++;
        break;
      case "reactivate":
        if (await writeState(h, p.name, "active", now)) changes.push({ name: p.name, from: p.state, to: "active" });
        counts.reactivated++;
        break;
      case "mark_stale":
        if (await writeState(h, p.name, "stale", now)) changes.push({ name: p.name, from: p.state, to: "stale" });
        counts.marked_stale++;
        break;
      case "archive":
        if ((await archiveSkill(h, p.name, now)).ok) {
          counts.archived++;
          changes.push({ name: p.name, from: p.state, to: "archived" });
        }
        break;
      case "keep":
        break;
    }
  }
  return { counts, changes };
}
