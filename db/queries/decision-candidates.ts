import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/collections";
import { DAY_MS, HOUR_MS } from "../../lib/time";
import type { CandidateVerdict } from "../../lib/vocab/verdicts";
import type { Db } from "../client";
import { decisionCandidates, skillHours, skillRefs } from "../schema";
import { compile } from "./compiled";

export interface CandidateRow {
  rank: number;
  name: string;
  path: string;
  score: number;
  match: number | null;
  verdict: CandidateVerdict;
  detail: string | null;
}

const refIds = new WeakMap<Db, Map<string, number>>();
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return {
    insertRef: db
      .insert(skillRefs)
      .values({ name: p("name"), path: p("path") })
      .onConflictDoNothing()
      .prepare(),
    findRef: db
      .select({ id: skillRefs.id })
      .from(skillRefs)
      .where(and(eq(skillRefs.name, p("name")), eq(skillRefs.path, p("path"))))
      .prepare(),
    insertCandidate: compile(
      db,
      db.insert(decisionCandidates).values({
        decisionId: p("decisionId"),
        rank: p("rank"),
        skillRefId: p("skillRefId"),
        score: p("score"),
        match: p("match"),
        verdict: p("verdict"),
        detail: p("detail"),
      }),
    ),
    noteSkillHour: compile(
      db,
      db
        .insert(skillHours)
        .values({ skillRefId: p("skillRefId"), hour: p("hour") })
        .onConflictDoNothing(),
    ),
    countSuppression: db.$client.prepare(
      "INSERT INTO suppression_days (skill, day, count) VALUES (?, ?, 1) ON CONFLICT (skill, day) DO UPDATE SET count = count + 1",
    ),
  };
}

function statements(db: Db) {
  return getOrCreate(prepared, db, () => prepare(db));
}

/** The id of a (name, path) pair, stored once; kept per handle since the same skills recur every turn. */
function skillRefIdOf(db: Db, name: string, path: string): number {
  const cache = getOrCreate(refIds, db, () => new Map<string, number>());
  const key = `${name}\0${path}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const s = statements(db);
  s.insertRef.run({ name, path });
  const id = s.findRef.get({ name, path })!.id;
  if (cache.size > 100_000) cache.clear();
  cache.set(key, id);
  return id;
}

/** Call inside the decision's transaction; `at` is the decision's time (for the skill-hour index). */
export function insertCandidates(db: Db, decisionId: number, at: number, rows: Omit<CandidateRow, "rank">[]): void {
  if (rows.length === 0) return;
  const s = statements(db);
  const hour = at - (at % HOUR_MS);
  rows.forEach((r, rank) => {
    const skillRefId = skillRefIdOf(db, r.name, r.path);
    s.insertCandidate({ decisionId, rank, skillRefId, score: r.score, match: r.match, verdict: r.verdict, detail: r.detail });
    s.noteSkillHour({ skillRefId, hour });
    if (r.verdict === "suppressed") s.countSuppression.run(r.name, Math.floor(at / DAY_MS));
  });
}

/** Candidates of the given decisions, best rank first; `maxRank` limits how many per decision. */
export function candidatesOf(db: Db, decisionIds: number[], maxRank = Infinity): Map<number, CandidateRow[]> {
  const out = new Map<number, CandidateRow[]>();
  if (decisionIds.length === 0) return out;
  const where = Number.isFinite(maxRank)
    ? and(inArray(decisionCandidates.decisionId, decisionIds), lt(decisionCandidates.rank, maxRank))
    : inArray(decisionCandidates.decisionId, decisionIds);
  const rows = db
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
    .orderBy(decisionCandidates.decisionId, decisionCandidates.rank)
    .all();
  for (const { decisionId, ...row } of rows) getOrCreate(out, decisionId, () => []).push(row);
  return out;
}

/** After a rolled-back transaction: refs it inserted are gone, so cached ids may point nowhere. */
export function forgetSkillRefs(db: Db): void {
  refIds.delete(db);
}
