/**
 * The decision log at scale: a real SQLite file holding 1,000,000 decisions
 * with 10 candidates each (10M candidate rows), written through the same
 * insert code the service uses. Prints the median of several runs of what the
 * Decisions pages and `GET /api/decisions[/:id]` read: the newest page, a page
 * 10,000 rows deep (keyset), filtered pages (outcome, reason, session, skill),
 * one decision's detail, and the summary (hourly rollups plus the partial
 * hours at the ends). Baseline in the same run: a page half a million rows deep
 * read by keyset and by OFFSET, what keyset pagination replaces. Target: list
 * and detail data under 100 ms.
 *
 *   node bin/run-ts.mjs bench/decision-log.ts [decisions]   # default 1000000; the DB is kept in bench/out/ for reruns
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { desc, eq } from "drizzle-orm";
import { type Db, openDb } from "../db/client";
import { inTransaction, sqliteOf } from "../db/dialect";
import { insertCandidates } from "../db/queries/decision-candidates";
import { listDecisions } from "../db/queries/decision-list";
import { insertDecision } from "../db/queries/decisions";
import { decisionCandidates, decisions, skillHours, skillRefs } from "../db/schema";
import { DAY_MS, utcDay } from "../lib/base/time";
import { decisionDetail, decisionPage, encodeCursor } from "../lib/services/decisions/explorer";
import { decisionSummary } from "../lib/services/decisions/summary";
import { ctxAt } from "../lib/testing/factories";
import type { DecisionOutcome } from "../lib/vocab/reason-codes";
import type { CandidateVerdict } from "../lib/vocab/verdicts";
import { fmt, median } from "./support/stats";

const N = Number(process.argv[2] ?? 1_000_000);
const RUNS = 7;
const SKILLS = 900;
const SESSIONS = 50_000;
const NOW = Date.parse("2026-11-30T00:00:00Z");
const SPAN = 28 * DAY_MS; // within the default 30-day retention
const outDir = path.resolve(import.meta.dirname, "out");
const file = path.join(outDir, `decision-log-${N}.db`);

/** Deterministic pseudo-random numbers, so every run builds the same log. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function build(db: Db): Promise<void> {
  const rand = rng(42);
  const started = performance.now();
  const BATCH = 10_000;
  for (let done = 0; done < N; done += BATCH) {
    await inTransaction(db, async (tx) => {
      for (let i = done; i < Math.min(N, done + BATCH); i++) {
        const at = NOW - SPAN + Math.floor((i / N) * SPAN);
        const r = rand();
        const outcome: DecisionOutcome =
          r < 0.45
            ? "suggested"
            : r < 0.6
              ? "below_threshold"
              : r < 0.75
                ? "nothing_fits"
                : r < 0.85
                  ? "trivial"
                  : r < 0.9
                    ? "suppressed"
                    : r < 0.97
                      ? "rejected"
                      : "fail_open";
        const top = Math.floor(rand() * SKILLS);
        const id = await insertDecision(tx, {
          at,
          day: utcDay(at),
          status: outcome === "fail_open" ? "fail_open" : "ok",
          outcome,
          reasonCode: outcome === "fail_open" ? (rand() < 0.5 ? "sensitive_turn" : "timeout") : null,
          needsSkill: rand(),
          latencyMs: Math.floor(rand() * 8),
          stageOneMs: 1,
          stageTwoMs: 0,
          requests: 9,
          catalogSize: SKILLS,
          skillsReturned: outcome === "suggested" ? 3 : 0,
          judge: "local",
          channel: "api",
          sessionId: `session-${Math.floor(rand() * SESSIONS)}`,
          agent: "hermes",
          reportsLoads: rand() < 0.5,
          suggestedSkill: outcome === "suggested" ? `skill-${top}` : null,
          suggestedMatch: outcome === "suggested" ? 0.8 : null,
        });
        if (outcome === "trivial" || outcome === "fail_open") continue;
        const candidates = Array.from({ length: 10 }, (_, k) => {
          const skill = (top + k * 37) % SKILLS;
          const verdict: CandidateVerdict = k === 0 && outcome === "suggested" ? "suggested" : k < 5 ? "below_threshold" : "not_finalist";
          return {
            name: `skill-${skill}`,
            path: `/home/u/.hermes/skills/skill-${skill}/SKILL.md`,
            score: 0.9 - k * 0.05,
            match: k < 5 ? 0.8 - k * 0.1 : null,
            verdict,
            detail: null,
          };
        });
        await insertCandidates(tx, id, at, candidates);
      }
    });
    if ((done / BATCH) % 10 === 0) process.stderr.write(`\rbuilding the log: ${done.toLocaleString("en")} / ${N.toLocaleString("en")} decisions`);
  }
  process.stderr.write(`\rbuilt ${N.toLocaleString("en")} decisions in ${((performance.now() - started) / 1000).toFixed(0)} s${" ".repeat(20)}\n`);
}

fs.mkdirSync(outDir, { recursive: true });
const fresh = !fs.existsSync(file);
const opened = performance.now();
const db = openDb(file); // a log from an older version is migrated here (rollups backfilled)
const openMs = performance.now() - opened;
if (fresh) await build(db);
const size = fs.statSync(file).size + (fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);

// One candidate of a skill seen once, in the oldest decision: the skill filter's worst case.
if (!sqliteOf(db).select().from(skillRefs).where(eq(skillRefs.name, "rare-skill")).get()) {
  const ref = sqliteOf(db).insert(skillRefs).values({ name: "rare-skill", path: "/rare/SKILL.md" }).returning({ id: skillRefs.id }).get();
  sqliteOf(db).insert(decisionCandidates).values({ decisionId: 1, rank: 99, skillRefId: ref.id, score: 0.1, match: null, verdict: "not_finalist" }).run();
  const first = sqliteOf(db).select({ at: decisions.at }).from(decisions).where(eq(decisions.id, 1)).get()!;
  sqliteOf(db)
    .insert(skillHours)
    .values({ skillRefId: ref.id, hour: first.at - (first.at % 3_600_000) })
    .run();
}

const newest = sqliteOf(db).select({ id: decisions.id }).from(decisions).orderBy(desc(decisions.at)).limit(1).get()!.id;
const range = { from: utcDay(NOW - SPAN), to: utcDay(NOW) };
/** The position `depth` rows from the newest, as the list API's cursor would hold it. */
function positionAt(depth: number) {
  return sqliteOf(db)
    .select({ at: decisions.at, id: decisions.id })
    .from(decisions)
    .orderBy(desc(decisions.at), desc(decisions.id))
    .limit(1)
    .offset(depth)
    .get()!;
}
const deepCursor = encodeCursor(positionAt(10_000));
const halfway = positionAt(Math.floor(N / 2));
const rawFilter = { from: NOW - SPAN, to: NOW };

async function time(fn: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

const cases: [string, () => unknown][] = [
  ["list: newest page of 50", () => decisionPage(ctxAt(db, undefined, NOW), { ...range })],
  ["list: page 10,000 rows deep (keyset)", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, cursor: deepCursor })],
  ["list: outcome=suppressed", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, outcome: "suppressed" })],
  ["list: reason=timeout (1.5% of rows)", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, reason: "timeout" })],
  ["list: one session", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, session: "session-1234" })],
  ["list: skill among the candidates", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, skill: "skill-7" })],
  ["list: skill never ranked (known at once: no ref)", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, skill: "no-such-skill" })],
  ["list: skill ranked once, 28 days ago (walks that hour)", () => decisionPage(ctxAt(db, undefined, NOW), { ...range, skill: "rare-skill" })],
  ["detail: one decision with its candidates", () => decisionDetail(ctxAt(db), { id: newest - 5000 })],
  ["summary: 28 days, all tiles and the chart", () => decisionSummary(ctxAt(db, undefined, NOW), range)],
  ["summary: 28 days, one skill among the candidates", () => decisionSummary(ctxAt(db, undefined, NOW), { ...range, skill: "skill-7" })],
  ["summary: 28 days, a skill ranked once", () => decisionSummary(ctxAt(db, undefined, NOW), { ...range, skill: "rare-skill" })],
];
const keysetHalfway = await time(() => listDecisions(db, { ...rawFilter, cursor: halfway, limit: 50 }));
const offsetHalfway = await time(() =>
  sqliteOf(db)
    .select()
    .from(decisions)
    .orderBy(desc(decisions.at), desc(decisions.id))
    .limit(50)
    .offset(Math.floor(N / 2))
    .all(),
);

console.log(
  `Decision log, ${N.toLocaleString("en")} decisions (${(size / 2 ** 20).toFixed(0)} MB SQLite file), median of ${RUNS} runs; opened and migrated in ${fmt(openMs)}`,
);
for (const [label, fn] of cases) console.log(`  ${label.padEnd(56)} ${fmt(await time(fn)).padStart(10)}   (target < 100 ms)`);
console.log(
  `  rows only, ${Math.floor(N / 2).toLocaleString("en")} deep: keyset ${fmt(keysetHalfway)}; baseline OFFSET ${fmt(offsetHalfway)} (${(offsetHalfway / keysetHalfway).toFixed(0)}x slower)`,
);
