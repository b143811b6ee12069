import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import { processWide } from "../../lib/base/process-state";
import { DAY_MS, HOUR_MS } from "../../lib/base/time";
import type { CandidateVerdict } from "../../lib/vocab/verdicts";
import type { Db } from "../client";
import { isPostgres } from "../dialect";
import { type Statement, statement } from "../hot/compiled";
import { SkillRefIds } from "./skill-ref-ids";

export interface CandidateRow {
  rank: number;
  name: string;
  path: string;
  score: number;
  match: number | null;
  verdict: CandidateVerdict;
  detail: string | null;
}

const insertRef = statement((db, p) =>
  db
    .insert(db.jev.t.skillRefs)
    .values({ name: p("name"), path: p("path") } as never)
    .onConflictDoNothing(),
);
const insertCandidate = statement((db, p) =>
  db.insert(db.jev.t.decisionCandidates).values({
    decisionId: p("decisionId"),
    rank: p("rank"),
    skillRefId: p("skillRefId"),
    score: p("score"),
    match: p("match"),
    verdict: p("verdict"),
    detail: p("detail"),
  } as never),
);
/** The per-row values of a candidate (its decision's id is one value for all rows). */
const CANDIDATE_VALUES = ["skillRefId", "score", "match", "verdict", "detail"] as const;
/** SQLite's INSERT of `n` candidates of one decision in one statement, built once per count (values `${k}:${column}`). */
// copy-local: prepared per connection by whichever copy writes the log (db/hot/README.md).
const candidateRows = new Map<number, Statement>();
const insertCandidateRows = (n: number) =>
  getOrCreate(candidateRows, n, () =>
    statement((db, p) =>
      db.insert(db.jev.t.decisionCandidates).values(
        Array.from({ length: n }, (_, rank) => ({
          decisionId: p("decisionId"),
          rank,
          ...Object.fromEntries(CANDIDATE_VALUES.map((c) => [c, p(`${rank}:${c}`)])),
        })) as never,
      ),
    ),
  );
const noteSkillHour = statement((db, p) =>
  db
    .insert(db.jev.t.skillHours)
    .values({ skillRefId: p("skillRefId"), hour: p("hour") } as never)
    .onConflictDoNothing(),
);
const countSuppression = statement((db, p) => {
  const { suppressionDays: s } = db.jev.t;
  return db
    .insert(s)
    .values({ skill: p("skill"), day: p("day"), count: 1 } as never)
    .onConflictDoUpdate({ target: [s.skill, s.day], set: { count: sql`${s.count} + 1` } });
});

/** Ids of (name, path) pairs, per database: the same skills recur every turn. Keyed by the database, not a transaction's handle; process-wide, so a rollback in one route's bundle clears it for all. */
const refIds = processWide("jev.skillRefIds", () => new Map<string, SkillRefIds>());

/**
 * The skill hours this process wrote or saw written, per database: the hour,
 * and the ref ids noted in it. The same ten skills rank every turn, and the
 * row is only ever deleted once its hour is past retention.
 */
const notedHours = processWide("jev.notedSkillHours", () => new Map<string, { hour: number; refs: Set<number> }>());

/** Whether this process noted (ref, hour): its row exists, and a write of it can be left out. */
export function hourNoted(db: Db, skillRefId: number, hour: number): boolean {
  const noted = notedHours.get(db.jev.key);
  return noted?.hour === hour && noted.refs.has(skillRefId);
}

/**
 * Remember (ref, hour) as written: once its write committed, or inside a
 * transaction whose failure makes the caller forget (forgetSkillRefs).
 */
export function noteHour(db: Db, skillRefId: number, hour: number): void {
  let noted = notedHours.get(db.jev.key);
  if (noted?.hour !== hour) {
    noted = { hour, refs: new Set() };
    notedHours.set(db.jev.key, noted);
  }
  noted.refs.add(skillRefId);
}

/** The id of a (name, path) pair when this process has seen it, else undefined. */
function knownRefId(db: Db, name: string, path: string): number | undefined {
  return refIds.get(db.jev.key)?.get(name, path);
}

/** The id of a (name, path) pair, stored once. */
async function skillRefIdOf(db: Db, name: string, path: string): Promise<number> {
  const cache = knownSkillRefs(db);
  const hit = cache.get(name, path);
  if (hit !== undefined) return hit;
  await insertRef(db, { name, path });
  const { skillRefs } = db.jev.t;
  const [row] = await db
    .select({ id: skillRefs.id })
    .from(skillRefs)
    .where(and(eq(skillRefs.name, name), eq(skillRefs.path, path)))
    .limit(1);
  if (cache.size > 100_000) cache.clear();
  cache.set(name, path, row.id);
  return row.id;
}

/** Call inside the decision's transaction; `at` is the decision's time (for the skill-hour index). */
export async function insertCandidates(db: Db, decisionId: number, at: number, rows: Omit<CandidateRow, "rank">[]): Promise<void> {
  if (!isPostgres(db)) return insertCandidatesOnSqlite(db, decisionId, at, rows);
  const hour = at - (at % HOUR_MS);
  const day = Math.floor(at / DAY_MS);
  for (let rank = 0; rank < rows.length; rank++) {
    const r = rows[rank];
    const skillRefId = await skillRefIdOf(db, r.name, r.path);
    await insertCandidate(db, { decisionId, rank, skillRefId, score: r.score, match: r.match, verdict: r.verdict, detail: r.detail });
    await noteSkillHour(db, { skillRefId, hour });
    if (r.verdict === "suppressed") await countSuppression(db, { skill: r.name, day });
  }
}

/**
 * SQLite's way: the rows in one statement, and only the skill hours this
 * process has not noted yet. Ten candidates a decision, each with its hour,
 * were twenty statements, as much as the rest of the log's writes together;
 * it is one on most turns now. No promise unless a skill is new to the cache.
 */
export function insertCandidatesOnSqlite(db: Db, decisionId: number, at: number, rows: Omit<CandidateRow, "rank">[]): Promise<void> | undefined {
  if (rows.length === 0) return;
  const hour = at - (at % HOUR_MS);
  const day = Math.floor(at / DAY_MS);
  const known = rows.map((r) => knownRefId(db, r.name, r.path));
  if (known.includes(undefined))
    return Promise.all(rows.map((r) => skillRefIdOf(db, r.name, r.path))).then((ids) => writeCandidateRows(db, decisionId, hour, day, rows, ids));
  writeCandidateRows(db, decisionId, hour, day, rows, known as number[]);
}

/** Each rank's value names in the multi-row INSERT, built once. */
const rankKeys: string[][] = [];
const keysOfRank = (rank: number) => (rankKeys[rank] ??= CANDIDATE_VALUES.map((c) => `${rank}:${c}`));
/** The multi-row INSERT's values, refilled for each decision: the statement runs before the next fill (all in one turn). */
const rowValues: Record<string, unknown> = Object.create(null);

function writeCandidateRows(db: Db, decisionId: number, hour: number, day: number, rows: Omit<CandidateRow, "rank">[], refIds: readonly number[]): void {
  rowValues.decisionId = decisionId;
  for (let rank = 0; rank < rows.length; rank++) {
    const r = rows[rank];
    const keys = keysOfRank(rank); // in CANDIDATE_VALUES' order
    rowValues[keys[0]] = refIds[rank];
    rowValues[keys[1]] = r.score;
    rowValues[keys[2]] = r.match;
    rowValues[keys[3]] = r.verdict;
    rowValues[keys[4]] = r.detail;
  }
  insertCandidateRows(rows.length).onSqlite(db)(rowValues);
  rows.forEach((r, rank) => {
    if (r.verdict === "suppressed") countSuppression.onSqlite(db)({ skill: r.name, day });
    if (hourNoted(db, refIds[rank], hour)) return;
    noteSkillHour.onSqlite(db)({ skillRefId: refIds[rank], hour });
    noteHour(db, refIds[rank], hour);
  });
}

/** Candidates of the given decisions, best rank first; `maxRank` limits how many per decision. */
export async function candidatesOf(db: Db, decisionIds: number[], maxRank = Infinity): Promise<Map<number, CandidateRow[]>> {
  const out = new Map<number, CandidateRow[]>();
  if (decisionIds.length === 0) return out;
  const { decisionCandidates, skillRefs } = db.jev.t;
  const where = Number.isFinite(maxRank)
    ? and(inArray(decisionCandidates.decisionId, decisionIds), lt(decisionCandidates.rank, maxRank))
    : inArray(decisionCandidates.decisionId, decisionIds);
  const rows = await db
    .select({
      decisionId: decisionCandidates.decisionId,
      rank: decisionCandidates.rank,
      name: skillRefs.name,
      path: skillRefs.path,
      score: decisionCandidates.score,
      match: decisionCandidates.match,
      verdict: decisionCandidates.verdict,
      detail: decisionCandidates.detail,
    })
    .from(decisionCandidates)
    .innerJoin(skillRefs, eq(skillRefs.id, decisionCandidates.skillRefId))
    .where(where)
    .orderBy(decisionCandidates.decisionId, decisionCandidates.rank);
  for (const { decisionId, ...row } of rows) getOrCreate(out, decisionId, () => []).push(row);
  return out;
}

/** The id cache of this database's (name, path) pairs, for writers that resolve many at once. */
export function knownSkillRefs(db: Db): SkillRefIds {
  return getOrCreate(refIds, db.jev.key, () => new SkillRefIds());
}

/** After a rolled-back transaction: refs and skill hours it inserted are gone, so cached ids may point nowhere. */
export function forgetSkillRefs(db: Db): void {
  refIds.delete(db.jev.key);
  notedHours.delete(db.jev.key);
}
