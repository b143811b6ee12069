import fs from "node:fs";
import type { Db } from "../../db/client";
import { takeLease } from "../../db/queries/job-leases";
import { insertUsageEvents } from "../../db/queries/usage-events";
import type { JevConfig } from "../config";
import { maybeRun } from "../curator/run-curator";
import { HOUR_MS } from "../time";
import { instanceId } from "./instance-id";
import { curatedHome } from "./skill-usage";

/** First check after start, then every hour (curator spec §7.3). */
const FIRST_CHECK_MS = 90_000;
/** Shorter than the hour between checks, so the next check somewhere finds it lapsed. */
const CURATOR_LEASE_MS = 50 * 60_000;

/** The background curator: when a run is due (and Hermes has been idle long enough), run it and record what it changed. */
export function startCuratorScheduler(db: Db, config: JevConfig): () => void {
  const tick = async () => {
    const home = curatedHome(config);
    if (!fs.existsSync(/*turbopackIgnore: true*/ home)) return;
    // Instances sharing a database and this Hermes home take turns: one checks per hour.
    if (!(await takeLease(db, `curator:${home}`, instanceId(), Date.now(), CURATOR_LEASE_MS))) return;
    const run = await maybeRun(home, { homeOptions: { protectedNames: config.protectedSkills } });
    if (!run) return;
    const at = Date.now();
    await insertUsageEvents(
      db,
      run.changes.map((c) => ({
        home,
        skill: c.name,
        kind: c.to === "archived" ? "archive" : "state",
        at,
        count: 1,
        source: "curator",
        detail: JSON.stringify({ from: c.from, to: c.to, by: "scheduled run" }),
      })),
    );
    console.log(`[jev] curator: ${run.summary}`);
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void tick();
    interval = setInterval(() => void tick(), HOUR_MS);
    interval.unref();
  }, FIRST_CHECK_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
