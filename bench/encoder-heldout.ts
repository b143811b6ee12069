/**
 * The trained encoder against the off-the-shelf one, on turns and skills neither was trained or fitted on
 * (lib/testing/encoder-groups.ts says what the trained one saw), for the lexical judge alone, the shipped hybrid and a
 * candidate, in one run. Sets:
 * - `plain`: the plain-request development set in its 60-skill home (never trained or fitted on);
 * - `triggers`: the twelve check-side skills' trigger evals (should load, and their near misses) among 903 skills;
 * - `metatool`: MetaTool cases of held-apart tools on the check side, and its no-tool cases, among its 199 tools;
 * - `bodies`: the body development set's held-out cases among the 881 public skills with bodies;
 * - `bfcl`: BFCL's real requests that no tool answered (check side), among the 903.
 * Per set and judge: ranked first, top 3, the right skill loaded (first with match ≥ 0.5) and listed, end to end, false
 * loads on turns that need none; and for the candidate, its difference from the shipped hybrid on the same turns with a
 * 95% paired bootstrap interval.
 *
 *   node bin/run-ts.mjs bench/encoder-heldout.ts --candidate=DIR [--candidate-decision=FILE] [--decision=FILE]
 */
import { seededRandom } from "../lib/base/random";
import type { SkillCard } from "../lib/catalog/types";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { buildBodyDevSet, hashHalves } from "../lib/eval/body-dev-set";
import { type EvalCase, readCasesFile, readCatalogFile, readCatalogLines } from "../lib/eval/formats";
import { readTriggerCases, triggerEvalCases, triggerHalves } from "../lib/eval/trigger-cases";
import type { LocalJudge } from "../lib/judges/local/local-judge";
import { encoderGroups, mayTrainOn } from "../lib/testing/encoder-groups";
import { FIXTURES } from "../lib/testing/fixtures";
import { plainRequests, requestHome } from "../lib/testing/request-home";
import { THRESHOLDS } from "../lib/vocab/limits";
import { benchJudges } from "./support/dense-bench";

interface HeldOutSet {
  label: string;
  catalog: SkillCard[];
  cases: EvalCase[];
}

/** One turn's outcome under one judge: each a 0/1, so judges compare turn by turn. */
interface Outcome {
  needs: boolean;
  first: number;
  top3: number;
  loaded: number;
  listed: number;
  right: number;
  anyLoaded: number;
}

function heldOutSets(): HeldOutSet[] {
  const group = encoderGroups();
  const unseen = (c: EvalCase) => !c.expected.some((p) => mayTrainOn(group(p)));
  const publicSkills = readCatalogFile(FIXTURES.publicSkillBodies);
  const triggerSkills = readCatalogFile(FIXTURES.triggerSkills);
  const home = requestHome();
  const pathOf = new Map(home.map((s) => [s.name, s.path]));
  const plain = plainRequests().map((r) => ({ turn: r.turn, expected: r.skill ? [pathOf.get(r.skill) ?? `missing:${r.skill}`] : [] }));
  const triggers = readTriggerCases(FIXTURES.triggerCases);
  const metatool = hashHalves(readCasesFile(FIXTURES.metatoolCases)).check.filter((c) => unseen(c) && c.expected.length <= 1);
  const body = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
  return [
    { label: "plain", catalog: home, cases: plain },
    { label: "triggers", catalog: [...publicSkills, ...triggerSkills], cases: triggerEvalCases(triggerHalves(triggers).check, triggers, { nearMisses: true }) },
    { label: "metatool", catalog: readCatalogFile(FIXTURES.metatoolCatalog), cases: metatool },
    { label: "bodies", catalog: body.catalog, cases: body.heldOut.filter(unseen) },
    { label: "bfcl", catalog: [...publicSkills, ...triggerSkills], cases: hashHalves(readCasesFile(FIXTURES.bfclIrrelevance)).check },
  ];
}

async function outcomes(set: HeldOutSet, judge: LocalJudge): Promise<Outcome[]> {
  const deps = { catalog: set.catalog, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() };
  const pathOf = new Map(set.catalog.map((s) => [s.name, s.path]));
  const out: Outcome[] = [];
  for (const c of set.cases) {
    const { reply, ranking } = await pickSkill({ turn: c.turn }, deps);
    const listed = reply.skills.map((s) => pathOf.get(s.name));
    const loadedName = reply.skills.find((s) => s.match >= THRESHOLDS.load)?.name;
    const loaded = loadedName ? pathOf.get(loadedName) : undefined;
    const wanted = new Set(c.expected);
    const needs = wanted.size > 0;
    out.push({
      needs,
      first: needs && wanted.has(ranking[0]) ? 1 : 0,
      top3: needs && ranking.slice(0, 3).some((p) => wanted.has(p)) ? 1 : 0,
      loaded: loaded && wanted.has(loaded) ? 1 : 0,
      listed: listed.some((p) => p && wanted.has(p)) ? 1 : 0,
      right: needs ? (loaded && wanted.has(loaded) ? 1 : 0) : loaded ? 0 : 1,
      anyLoaded: loaded ? 1 : 0,
    });
  }
  return out;
}

type Metric = { name: string; of: (o: Outcome) => number; on: (o: Outcome) => boolean };
const METRICS: Metric[] = [
  { name: "first", of: (o) => o.first, on: (o) => o.needs },
  { name: "top3", of: (o) => o.top3, on: (o) => o.needs },
  { name: "loaded", of: (o) => o.loaded, on: (o) => o.needs },
  { name: "listed", of: (o) => o.listed, on: (o) => o.needs },
  { name: "end_to_end", of: (o) => o.right, on: () => true },
  { name: "false_load", of: (o) => o.anyLoaded, on: (o) => !o.needs },
];

/** The mean difference b − a over paired values, and its 95% bootstrap interval (2,000 resamples). */
function pairedDifference(a: readonly number[], b: readonly number[]): { diff: number; low: number; high: number } {
  const n = a.length;
  const d = a.map((v, i) => b[i] - v);
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const random = seededRandom(54);
  const means: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[Math.floor(random() * n)];
    means.push(s / Math.max(1, n));
  }
  means.sort((x, y) => x - y);
  return { diff: mean(d), low: means[Math.floor(0.025 * means.length)], high: means[Math.floor(0.975 * means.length)] };
}

const f3 = (v: number) => v.toFixed(3);
const signed = (v: number) => (v >= 0 ? "+" : "") + v.toFixed(3);

const { judges, close } = await benchJudges();
for (const set of heldOutSets()) {
  const byJudge = new Map<string, Outcome[]>();
  for (const { label, judge } of judges) byJudge.set(label, await outcomes(set, judge));
  const needing = set.cases.filter((c) => c.expected.length > 0).length;
  console.log(`\n${set.label}: ${set.catalog.length} skills, ${needing} turns for a skill, ${set.cases.length - needing} for none`);
  for (const m of METRICS) {
    const base = byJudge.get("hybrid")!;
    const keep = base.map((o) => m.on(o));
    if (!keep.some(Boolean)) continue;
    const values = (label: string) =>
      byJudge
        .get(label)!
        .filter((_, i) => keep[i])
        .map(m.of);
    const cells = judges.map(({ label }) => `${label} ${f3(values(label).reduce((s, v) => s + v, 0) / values(label).length)}`);
    const trained = byJudge.has("trained") ? pairedDifference(values("hybrid"), values("trained")) : null;
    const delta = trained ? `   trained − hybrid ${signed(trained.diff)} [${signed(trained.low)}, ${signed(trained.high)}]` : "";
    console.log(`  ${m.name.padEnd(11)} ${cells.join("  ")}${delta}`);
  }
}
await close();
