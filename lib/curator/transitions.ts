import { cronReferencedSkills } from "../hermes/cron-jobs";
import { parsePyTime } from "../hermes/py-time";
import { counterValue } from "../hermes/usage-record";
import { DAY_MS } from "../time";
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

/**
 * The automatic lifecycle pass (curator spec §5.2) over the curated report,
 * in name order: pinned and cron-referenced skills are skipped, a skill seen
 * for the first time is seeded, a never-used skill gets its grace, and then
 * idle skills go stale or are archived and recently active ones come back.
 */
export async function applyTransitions(h: CuratorHome, now: number): Promise<{ counts: TransitionCounts; changes: StateChange[] }> {
  const staleCutoff = now - h.config.staleAfterDays * DAY_MS;
  const archiveCutoff = now - h.config.archiveAfterDays * DAY_MS;
  const cronProtected = cronReferencedSkills(h.home);
  const counts: TransitionCounts = { marked_stale: 0, archived: 0, reactivated: 0, checked: 0, seeded: 0 };
  const changes: StateChange[] = [];
  const move = async (name: string, from: string, to: "active" | "stale") => {
    if (await writeState(h, name, to, now)) changes.push({ name, from, to });
  };
  for (const row of curatedReport(h, now)) {
    counts.checked++;
    if (row.pinned || cronProtected.has(row.name)) continue;
    if (!row._persisted) {
      await writeSeed(h, row.name, now);
      counts.seeded++;
      continue;
    }
    const used = counterValue(row.use_count);
    if (row.provenance === "bundled" && used === 0 && row.last_activity_at === null && !row.first_seen_at) {
      await writeReanchor(h, row.name, now);
      counts.seeded++;
      continue;
    }
    const anchor = parsePyTime(row.last_activity_at) ?? parsePyTime(row.created_at) ?? now;
    if (used === 0 && anchor > staleCutoff) {
      if (row.state === "stale") {
        await move(row.name, "stale", "active");
        counts.reactivated++;
      }
      continue;
    }
    if (anchor <= archiveCutoff && row.state !== "archived") {
      const result = await archiveSkill(h, row.name, now);
      if (result.ok) {
        counts.archived++;
        changes.push({ name: row.name, from: row.state, to: "archived" });
      }
    } else if (anchor <= staleCutoff && row.state === "active") {
      await move(row.name, "active", "stale");
      counts.marked_stale++;
    } else if (anchor > staleCutoff && row.state === "stale") {
      await move(row.name, "stale", "active");
      counts.reactivated++;
    }
  }
  return { counts, changes };
}
