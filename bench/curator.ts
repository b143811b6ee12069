/**
 * The curator's figures (issue: "Curator"):
 *  - 10,000 usage bumps through POST /api/skills/:name/usage on the real server (needs a build),
 *    8 at a time over 100 skills: target < 20 s, and the counts in skills/.usage.json and in
 *    jev's history exact. Baselines in the same run, the same way: 10,000 GET /api/health, and
 *    10,000 POST /api/feedback (token, JSON body, a database write: a bump without the file).
 *    Both POST routes are served past Next.js (server/direct-routes.ts); health goes through it.
 *  - The Skills page's data (lib/services/skills/list.ts) for 1,000 skills with a year of
 *    usage events (3M rows, with the per-day counts the write path keeps): target < 150 ms.
 *    Baseline in the same run: the same 30 days summed from the raw event rows.
 * Median of several runs.
 *
 *   node bin/run-ts.mjs bench/curator.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { openDb } from "../db/client";
import { sqliteOf } from "../db/dialect";
import { DAY_MS } from "../lib/base/time";
import { pythonJson } from "../lib/hermes/python-json";
import { readUsage } from "../lib/hermes/usage-file";
import { listSkills } from "../lib/services/skills/list";
import { ctxAt, testConfig } from "../lib/testing/factories";
import { buildHermesHome, idleRecord } from "../lib/testing/hermes-home";
import { prepareDb, rssMb, startServer } from "../lib/testing/server-process";
import { fmt, median, timeMs } from "./support/stats";

const RUNS = 7;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-curator-"));

// --- 10,000 bumps through the API ---
const BUMPS = 10_000;
const SKILLS = 100;
const CONCURRENCY = 8;
const apiHome = path.join(dir, "api-hermes");
buildHermesHome(apiHome, { skills: Object.fromEntries(Array.from({ length: SKILLS }, (_, i) => [`s${i}`, null])) });
const env = { JEV_DB: path.join(dir, "api.db"), JEV_API_TOKEN: "bench-curator-token", HERMES_HOME: apiHome, HOME: dir };
prepareDb(env);
const server = await startServer(Number(process.env.BENCH_PORT || 3296), env);
const pool = new Pool(`http://127.0.0.1:${server.port}`, { connections: CONCURRENCY });
let peakRss = rssMb(server.pid);
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.pid));
}, 100);

async function drive(n: number, send: (i: number) => Promise<number>): Promise<{ seconds: number; failures: number }> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < n; i = next++) if ((await send(i)) >= 400) failures++;
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failures };
}
const health = await drive(BUMPS, async () => {
  const r = await pool.request({ path: "/api/health", method: "GET" });
  await r.body.text();
  return r.statusCode;
});
const feedback = await drive(BUMPS, async (i) => {
  const r = await pool.request({
    path: "/api/feedback",
    method: "POST",
    headers: { authorization: "Bearer bench-curator-token", "content-type": "application/json" },
    body: JSON.stringify({ session_id: `bench-${i % 50}`, skill: `s${i % SKILLS}`, event: "loaded" }),
  });
  await r.body.text();
  return r.statusCode;
});
const bumps = await drive(BUMPS, async (i) => {
  const r = await pool.request({
    path: `/api/skills/s${i % SKILLS}/usage`,
    method: "POST",
    headers: { authorization: "Bearer bench-curator-token", "content-type": "application/json" },
    body: JSON.stringify({ kind: "view" }),
  });
  await r.body.text();
  return r.statusCode;
});
clearInterval(sampler);
await pool.close();
await server.kill("SIGTERM");
const usage = readUsage(apiHome).map;
const fileTotal = Object.values(usage).reduce((t, r) => t + Number(r.view_count), 0);
const exactPerSkill = Object.values(usage).every((r) => r.view_count === BUMPS / SKILLS);
const apiDb = openDb(env.JEV_DB);
const dbTotal = (sqliteOf(apiDb).$client.prepare("SELECT sum(count) AS n FROM usage_events WHERE kind = 'view'").get() as { n: number }).n;
sqliteOf(apiDb).$client.close();
if (bumps.failures || fileTotal !== BUMPS || dbTotal !== BUMPS || !exactPerSkill)
  throw new Error(`counts are off: file ${fileTotal}, db ${dbTotal}, failures ${bumps.failures}`);

// --- Skills page data: 1,000 skills, a year of events ---
const PAGE_SKILLS = 1_000;
const EVENTS = 3_000_000;
const now = Date.parse("2026-11-30T12:00:00Z");
const pageHome = path.join(dir, "page-hermes");
buildHermesHome(pageHome, {
  skills: Object.fromEntries(Array.from({ length: PAGE_SKILLS }, (_, i) => [`cat${i % 20}/skill-${i}`, `skill-${i}`])),
});
const records = Object.fromEntries(Array.from({ length: PAGE_SKILLS }, (_, i) => [`skill-${i}`, idleRecord(now, i % 90)]));
fs.writeFileSync(path.join(pageHome, "skills/.usage.json"), pythonJson(records));
const db = openDb(path.join(dir, "page.db"));
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
// Events written as the write path writes them: a row each, and its per-day count (built here in one pass for speed).
const insertEvent = sqliteOf(db).$client.prepare("INSERT INTO usage_events (home, skill, kind, at, count, source) VALUES (?, ?, ?, ?, 1, 'hermes')");
const days = new Map<string, { skill: string; day: number; uses: number; views: number }>();
const fillStarted = performance.now();
sqliteOf(db).$client.transaction(() => {
  for (let i = 0; i < EVENTS; i++) {
    const skill = `skill-${Math.floor(PAGE_SKILLS * random() ** 2)}`;
    const at = now - Math.floor(random() * 365 * DAY_MS);
    const kind = random() < 0.4 ? "use" : "view";
    insertEvent.run(pageHome, skill, kind, at);
    const day = Math.floor(at / DAY_MS);
    const key = `${skill}\0${day}`;
    let d = days.get(key);
    if (!d) {
      d = { skill, day, uses: 0, views: 0 };
      days.set(key, d);
    }
    if (kind === "use") d.uses++;
    else d.views++;
  }
  const insertDay = sqliteOf(db).$client.prepare("INSERT INTO usage_days (home, skill, day, uses, views, patches) VALUES (?, ?, ?, ?, ?, 0)");
  for (const d of days.values()) insertDay.run(pageHome, d.skill, d.day, d.uses, d.views);
  // The counters are accounted for, as after an import: the page's scan finds nothing new.
  const snap = sqliteOf(db).$client.prepare("INSERT INTO usage_snapshots (home, skill, uses, views, patches) VALUES (?, ?, ?, ?, 0)");
  for (const [name, r] of Object.entries(records)) snap.run(pageHome, name, Number(r.use_count), Number(r.view_count));
})();
const fillSeconds = (performance.now() - fillStarted) / 1000;
const config = testConfig(dir, { HERMES_HOME: pageHome });
const ctx = ctxAt(db, config, now);
const rows = (await listSkills(ctx)).skills; // warm: the catalog behind the health flags is read once
const pageTimes: number[] = [];
for (let r = 0; r < RUNS; r++) pageTimes.push(await timeMs(() => listSkills(ctx)));
const fromDay = Math.floor(now / DAY_MS) - 29;
const raw = sqliteOf(db).$client.prepare(
  "SELECT skill, at / 86400000 AS day, sum(CASE WHEN kind = 'use' THEN count ELSE 0 END) AS uses, sum(CASE WHEN kind = 'view' THEN count ELSE 0 END) AS views FROM usage_events WHERE home = ? AND at >= ? GROUP BY skill, day",
);
const rawTimes: number[] = [];
for (let r = 0; r < RUNS; r++) rawTimes.push(await timeMs(() => raw.all(pageHome, fromDay * DAY_MS)));
sqliteOf(db).$client.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log(`curator (median of ${RUNS} runs where repeated)`);
console.log(
  `  ${BUMPS.toLocaleString("en")} bumps through POST /api/skills/:name/usage, ${CONCURRENCY} at a time over ${SKILLS} skills: ${bumps.seconds.toFixed(1)} s (${Math.round(BUMPS / bumps.seconds)}/s), counts exact in .usage.json (${fileTotal}) and the history (${dbTotal}); server peak RSS ${peakRss.toFixed(0)} MB   (target < 20 s)`,
);
console.log(
  `  baselines, the same way: GET /api/health ${health.seconds.toFixed(1)} s (bumps cost ${(bumps.seconds / health.seconds).toFixed(1)}x); POST /api/feedback (token, JSON body, a database write) ${feedback.seconds.toFixed(1)} s (bumps cost ${(bumps.seconds / feedback.seconds).toFixed(1)}x)`,
);
console.log(
  `  Skills page data, ${rows.length} skills, ${(EVENTS / 1e6).toFixed(0)}M events over a year (${days.size.toLocaleString("en")} day rows, built in ${fillSeconds.toFixed(0)} s): ${fmt(median(pageTimes))}   (target < 150 ms)`,
);
console.log(`  baseline: the same 30 days summed from the raw event rows: ${fmt(median(rawTimes))}`);
