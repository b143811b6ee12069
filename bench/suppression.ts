/**
 * The suppression view (GET /api/suppression, lib/services/rules/suppression.ts)
 * on 1,000 skills with 14 days of suggestions from clients that report loads
 * (about 1M rows, kept with their per-day aggregates as the live write path
 * keeps them). Baseline in the same run: rule 2's windows computed from the
 * raw rows (what a view without aggregates would do). Median of several runs.
 * Target: < 150 ms.
 *
 *   node bin/run-ts.mjs bench/suppression.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../db/client";
import { sqliteOf } from "../db/dialect";
import { shownHistorySince } from "../db/queries/suggestions";
import { DAY_MS } from "../lib/base/time";
import { DEFAULT_RULES } from "../lib/rules/config";
import { shownWindow } from "../lib/rules/suggestion-rules";
import { suppressionView } from "../lib/services/rules/suppression";
import { ctxAt, testConfig } from "../lib/testing/factories";
import { fmt, median, timeMs } from "./support/stats";

const RUNS = 7;
const SKILLS = 1_000;
const ROWS = 1_000_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-suppression-"));
const db = openDb(path.join(dir, "jev.db"));
const config = testConfig(dir);
const now = Date.parse("2026-11-30T12:00:00Z");

// 1M suggestions over 14 days, a few skills popular, about 8% loaded; aggregates built as the migration backfills them.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const insert = sqliteOf(db).$client.prepare("INSERT INTO suggestions (at, session_id, skill, loaded_at, reports_loads) VALUES (?, ?, ?, ?, 1)");
sqliteOf(db).$client.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const at = now - Math.floor(random() * 14 * DAY_MS);
    const skill = `skill-${Math.floor(SKILLS * random() ** 2)}`;
    insert.run(at, `s${i % 50_000}`, skill, random() < 0.08 ? at + 60_000 : null);
  }
})();
sqliteOf(db).$client.exec(
  "INSERT INTO suggestion_days SELECT skill, at / 86400000, count(*), count(loaded_at), max(at) FROM suggestions WHERE reports_loads = 1 GROUP BY skill, at / 86400000",
);

const view = await suppressionView(ctxAt(db, config, now));
const viewTimes: number[] = [];
const rawTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  viewTimes.push(await timeMs(() => suppressionView(ctxAt(db, config, now))));
  rawTimes.push(
    await timeMs(async () => {
      const history = await shownHistorySince(db, now - 14 * DAY_MS);
      for (const h of history.values()) shownWindow(h, now, DEFAULT_RULES);
    }),
  );
}
sqliteOf(db).$client.close();
fs.rmSync(dir, { recursive: true, force: true });

const counts = { suppressed: 0, retrying: 0, shown: 0 };
for (const s of view.skills) counts[s.state]++;
console.log(`suppression view: ${view.skills.length} skills, ${ROWS.toLocaleString("en")} suggestions over 14 days (median of ${RUNS} runs)`);
console.log(
  `  view from per-day aggregates: ${fmt(median(viewTimes))}   (target < 150 ms)   ${counts.suppressed} suppressed, ${counts.retrying} retrying, ${counts.shown} shown`,
);
console.log(`  baseline, windows from the raw rows: ${fmt(median(rawTimes))}   (${(median(rawTimes) / median(viewTimes)).toFixed(1)}x the view)`);
