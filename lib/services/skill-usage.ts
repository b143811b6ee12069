import type { Db } from "../../db/client";
import { addToSnapshot, type Counters, insertUsageEvents, putSnapshot, snapshotsOf, type UsageEventRow } from "../../db/queries/usage-events";
import type { JevConfig } from "../config";
import { JevError } from "../errors";
import { parsePyTime } from "../hermes/py-time";
import { mutateUsage, readUsage } from "../hermes/usage-file";
import { backfilled, bumpPatch, bumpUse, bumpView, counterValue, type FullUsageRecord } from "../hermes/usage-record";
import type { UsageKind } from "../vocab/curator";

/** The Hermes home jev curates, as stored in its event rows. */
export const curatedHome = (config: JevConfig) => config.hermesHome; // already absolute (lib/config)

const BUMPS = { use: bumpUse, view: bumpView, patch: bumpPatch } as const;
const COLUMN: Record<UsageKind, keyof Counters> = { use: "uses", view: "views", patch: "patches" };

/**
 * `POST /api/skills/:name/usage`: bump the skill's Hermes record under the
 * shared lock (any skill, whatever its provenance: telemetry is not gated),
 * then, after unlocking, append the event to jev's history and count it as
 * accounted for, so a later scan does not take it for Hermes's own.
 */
export async function bumpUsageService(db: Db, config: JevConfig, name: string, kind: UsageKind, now = Date.now()): Promise<FullUsageRecord> {
  if (!name.trim()) throw new JevError("bad_request", "name: a skill name", "name");
  const home = curatedHome(config);
  const record = await mutateUsage(
    home,
    (map) => {
      BUMPS[kind](map, name, now);
      return { write: true, result: backfilled(map[name], now) };
    },
    { now },
  );
  db.transaction(() => {
    insertUsageEvents(db, [{ home, skill: name, kind, at: now, count: 1, source: "curator" }]);
    addToSnapshot(db, home, name, COLUMN[kind], 1);
  });
  return record;
}

export interface UsageScan {
  home: string;
  skills: number;
  /** Event rows written for what Hermes did since the last scan. */
  events: number;
}

/**
 * Turn what Hermes counted since the last scan into events (spec §2.8): a
 * counter grown by d gives one row of count d at that counter's timestamp; a
 * counter that went down (a record forgotten or recreated) re-baselines
 * without negative rows. The first scan of a home imports its history; a
 * second finds nothing new.
 */
export function scanHermesUsage(db: Db, home: string, now = Date.now()): UsageScan {
  const { map } = readUsage(home);
  const known = snapshotsOf(db, home);
  const rows: UsageEventRow[] = [];
  const snapshots: [string, Counters][] = [];
  for (const [skill, record] of Object.entries(map)) {
    const current: Counters = { uses: counterValue(record.use_count), views: counterValue(record.view_count), patches: counterValue(record.patch_count) };
    const before = known.get(skill) ?? { uses: 0, views: 0, patches: 0 };
    const grew = (key: keyof Counters, kind: UsageKind, stampField: string) => {
      const d = current[key] - before[key];
      if (d > 0) rows.push({ home, skill, kind, at: parsePyTime(record[stampField]) ?? now, count: d, source: "hermes" });
    };
    grew("uses", "use", "last_used_at");
    grew("views", "view", "last_viewed_at");
    grew("patches", "patch", "last_patched_at");
    if (current.uses !== before.uses || current.views !== before.views || current.patches !== before.patches) snapshots.push([skill, current]);
  }
  db.transaction(() => {
    insertUsageEvents(db, rows);
    for (const [skill, c] of snapshots) putSnapshot(db, home, skill, c);
  });
  return { home, skills: Object.keys(map).length, events: rows.length };
}
