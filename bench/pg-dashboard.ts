/**
 * The dashboard's queries on PostgreSQL with 10M decision rows (issue: beyond
 * one machine): the Decisions list (newest page, a page 10,000 rows deep, an
 * outcome filter, a session), the summary over 28 days (tiles, chart,
 * reasons, latency percentiles) and the Suppression data. Target: < 150 ms
 * each, median of several runs. The rows are made in the database itself
 * (generate_series): 10M decisions over 28 days with their hourly rollups,
 * 3M suggestions with rule 2's per-day aggregate, and three candidates
 * each for the newest 200,000 decisions (the list reads the candidates of
 * the rows it shows). Takes a few minutes; PostgreSQL's server binaries needed.
 *
 *   node bin/run-ts.mjs bench/pg-dashboard.ts
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openPostgresDb } from "../db/client";
import { migratePostgres } from "../db/client-pg";
import { sqliteOf } from "../db/dialect";
import { utcDay } from "../lib/base/time";
import { decisionDetail, decisionPage } from "../lib/services/decisions/explorer";
import { decisionSummary } from "../lib/services/decisions/summary";
import { suppressionView } from "../lib/services/rules/suppression";
import { ctxAt, testConfig } from "../lib/testing/factories";
import { startPostgres } from "../lib/testing/postgres";
import { fmt, median } from "./support/stats";

const N = Number(process.env.BENCH_DECISIONS || 10_000_000);
const RUNS = 7;
const NOW = Date.parse("2026-11-30T12:00:00Z");
const SPAN = 28 * 86_400_000;
const SKILLS = 1_000;

const cluster = await startPostgres();
try {
  const url = cluster.createDatabase("dashboard");
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string) => {
    const t = performance.now();
    await client.query(sql);
    process.stderr.write(`  ${label}: ${((performance.now() - t) / 1000).toFixed(0)} s\n`);
  };
  process.stderr.write(`making ${N.toLocaleString("en")} decisions in PostgreSQL…\n`);
  const at = `(${NOW - SPAN} + (i::bigint * ${SPAN}) / ${N})`;
  const outcome = `(ARRAY['suggested','suggested','suggested','below_threshold','nothing_fits','trivial','suppressed','rejected','fail_open','already_loaded'])[1 + (i::bigint * 7919) % 10]`;
  await step(
    "decisions",
    `INSERT INTO decisions (at, day, status, outcome, reason_code, needs_skill, latency_ms, stage_one_ms, stage_two_ms, requests, catalog_size, skills_returned, judge, channel, session_id, agent, reports_loads, suggested_skill, suggested_match)
     SELECT ${at}, to_char(to_timestamp(${at} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), CASE WHEN o = 'fail_open' THEN 'fail_open' ELSE 'ok' END, o,
            CASE WHEN o = 'fail_open' THEN 'timeout' END, 0.5, (i * 31) % 900, 1, 0, 9, ${SKILLS}, CASE WHEN o = 'suggested' THEN 1 ELSE 0 END, 'local', 'api',
            'session-' || (i % 200000), 'hermes', i % 2 = 0, CASE WHEN o = 'suggested' THEN 'skill-' || (i::bigint * 13) % ${SKILLS} END, CASE WHEN o = 'suggested' THEN 0.8 END
     FROM (SELECT i, ${outcome} AS o FROM generate_series(1, ${N}) AS i) AS g`,
  );
  await step(
    "hourly rollups",
    `INSERT INTO decision_rollups (hour, day, status, outcome, reason, latency_ms, count)
     SELECT at - at % 3600000, day, status, outcome, CASE WHEN status = 'fail_open' THEN coalesce(reason_code, 'unknown') ELSE '' END,
            CASE WHEN latency_ms < 100 THEN latency_ms ELSE latency_ms - latency_ms % 100 END, count(*)
     FROM decisions GROUP BY 1, 2, 3, 4, 5, 6`,
  );
  await step(
    "judge rollups",
    `INSERT INTO judge_rollups (hour, day, judge_ms, count, requests) SELECT at - at % 3600000, day, 1, count(*), sum(requests) FROM decisions GROUP BY 1, 2`,
  );
  await step(
    "suggestions",
    `INSERT INTO suggestions (decision_id, at, session_id, skill, loaded_at, reports_loads)
     SELECT id, at, session_id, suggested_skill, CASE WHEN id % 11 = 0 THEN at + 60000 END, reports_loads FROM decisions WHERE outcome = 'suggested'`,
  );
  await step(
    "rule 2's per-day aggregate",
    `INSERT INTO suggestion_days (skill, day, suggestions, loads, last_at)
     SELECT skill, at / 86400000, count(*), count(loaded_at), max(at) FROM suggestions WHERE reports_loads GROUP BY 1, 2`,
  );
  await step(
    "skill refs",
    `INSERT INTO skill_refs (name, path) SELECT 'skill-' || s, '/skills/skill-' || s || '/SKILL.md' FROM generate_series(0, ${SKILLS - 1}) AS s`,
  );
  await step(
    "candidates of the newest 200,000 decisions",
    `INSERT INTO decision_candidates (decision_id, rank, skill_ref_id, score, match, verdict)
     SELECT d.id, k, 1 + (d.id * 7 + k * 131) % ${SKILLS}, 0.9 - k * 0.1, 0.8 - k * 0.1, CASE WHEN k = 0 AND d.outcome = 'suggested' THEN 'suggested' ELSE 'below_threshold' END
     FROM (SELECT id, outcome FROM decisions ORDER BY at DESC LIMIT 200000) AS d, generate_series(0, 2) AS k`,
  );
  await step("analyze", "ANALYZE");
  await client.end();

  const db = openPostgresDb(url, { max: 4 });
  const config = testConfig("/tmp/jev-bench-pg-dashboard");
  const range = { from: utcDay(NOW - SPAN + 86_400_000), to: utcDay(NOW) };
  const firstPage = await decisionPage(ctxAt(db, undefined, NOW), range);
  let deep = firstPage.next_cursor;
  for (let p = 0; p < 200 && deep; p++) deep = (await decisionPage(ctxAt(db, undefined, NOW), { ...range, cursor: deep })).next_cursor;
  const newest = firstPage.decisions[0].id;
  const cases: [string, () => Promise<unknown>][] = [
    ["list: newest page of 50", () => decisionPage(ctxAt(db, undefined, NOW), range)],
    ["list: a page 10,000 rows deep (keyset)", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, cursor: deep ?? undefined })],
    ["list: outcome=suppressed", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, outcome: "suppressed" })],
    ["list: reason=timeout", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, reason: "timeout" })],
    ["list: one session", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, session: "session-1234" })],
    ["detail: one decision with its candidates", () => decisionDetail(ctxAt(db), { id: newest })],
    ["summary: 28 days, tiles, chart, reasons, latency", () => decisionSummary(ctxAt(db, undefined, NOW), range)],
    ["summary: 28 days, outcome=suggested", () => decisionSummary(ctxAt(db, undefined, NOW), { ...range, outcome: "suggested" })],
    ["suppression data: 1,000 skills, 14-day windows", () => suppressionView(ctxAt(db, config, NOW))],
  ];
  console.log(`Dashboard queries on PostgreSQL, ${N.toLocaleString("en")} decisions over 28 days, median of ${RUNS} runs (target < 150 ms each)`);
  for (const [label, run] of cases) {
    const samples: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    console.log(`  ${label.padEnd(52)} ${fmt(median(samples)).padStart(10)}`);
  }
  await (sqliteOf(db).$client as unknown as { end(): Promise<void> }).end();
} finally {
  cluster.stop();
}
