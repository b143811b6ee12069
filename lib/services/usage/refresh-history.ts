import { inTransaction } from "../../../db/dialect";
import { type Counters, insertUsageEvents, putSnapshot, snapshotsOf, type UsageEventRow } from "../../../db/queries/usage-events";
import { parsePyTime } from "../../hermes/py-time";
import { readUsage } from "../../hermes/usage-file";
import { counterValue, type UsageMap } from "../../hermes/usage-record";
import type { UsageKind } from "../../vocab/curator";
import type { ServiceCtx } from "../context";
import { curatedHome } from "../curator/home";

export interface UsageScan {
  home: string;
  skills: number;
  /** Event rows written for what Hermes did since the last scan. */
  events: number;
}

/**
 * Turn what Hermes counted since the last scan into events (spec §2.8): a counter grown by d gives one row of count d
 * at that counter's timestamp; a counter that went down (a record forgotten or recreated) re-baselines without
 * negative rows. The first scan of a home imports its history; a second finds nothing new. `map` is the file as just
 * read, when the caller has it.
 */
export async function refreshUsageHistory(ctx: ServiceCtx, input: { home?: string; map?: UsageMap } = {}): Promise<UsageScan> {
  const { db } = ctx;
  const home = input.home ?? curatedHome(ctx.config);
  const now = ctx.clock();
  const map = input.map ?? readUsage(home).map;
  const known = await snapshotsOf(db, home);
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
  await inTransaction(db, async (tx) => {
    await insertUsageEvents(tx, rows);
    for (const [skill, c] of snapshots) await putSnapshot(tx, home, skill, c);
  });
  return { home, skills: Object.keys(map).length, events: rows.length };
}
