/**
 * Fits the local judge's calibration (lib/judges/local/calibration.ts) and
 * prints it; it changes nothing. Two sources, so `match` means the same with
 * and without bodies: MetaTool (199 tools, name and description only, every
 * case) and the body development set (lib/eval/body-dev-set: 881 real skills
 * with bodies, its dev cases, and half of MetaTool's no-skill turns asked of
 * it; the held-out cases and the other half stay for bench/body-quality.ts).
 * For every case it takes the five best-ranked skills and labels each 1 when
 * it is an expected skill, so a fitted probability ≥ 0.5 means "more likely
 * right than wrong".
 *
 *   node bin/run-ts.mjs bench/calibrate.ts [--metatool-only | catalog.jsonl cases.jsonl]   (a catalog of your own replaces both)
 */
import { clipDescription } from "../lib/catalog/front-matter";
import type { SkillCard } from "../lib/catalog/types";
import { DEFAULT_META_SKILLS } from "../lib/engine/limits";
import { prepareCatalog } from "../lib/engine/prepare-catalog";
import { buildBodyDevSet, splitNoSkillTurns } from "../lib/eval/body-dev-set";
import { type EvalCase, readCasesFile, readCatalogFile, readCatalogLines } from "../lib/eval/formats";
import { auroc } from "../lib/eval/metrics";
import { calibrationFeatures } from "../lib/judges/local/calibration";
import { LocalIndex } from "../lib/judges/local/local-index";
import { FIXTURES } from "../lib/testing/fixtures";

interface Source {
  label: string;
  catalog: SkillCard[];
  cases: EvalCase[];
}

function sources(): Source[] {
  const [first, second] = process.argv.slice(2);
  if (first && first !== "--metatool-only") return [{ label: first, catalog: readCatalogFile(first), cases: readCasesFile(second) }];
  const metatool = readCasesFile(FIXTURES.metatoolCases);
  if (first === "--metatool-only") return [{ label: "metatool", catalog: readCatalogFile(FIXTURES.metatoolCatalog), cases: metatool }];
  const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
  return [
    { label: "metatool", catalog: readCatalogFile(FIXTURES.metatoolCatalog), cases: metatool },
    {
      label: "bodies",
      catalog: set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body })),
      cases: [...set.dev, ...splitNoSkillTurns(metatool).fit],
    },
  ];
}

const rows: { x: number[]; y: number }[] = [];
const turns: { x: number[]; y: number; source: string }[] = [];
for (const source of sources()) {
  const skills = prepareCatalog(source.catalog, DEFAULT_META_SKILLS);
  const index = LocalIndex.from(skills);
  for (const c of source.cases) {
    const ev = index.evidence(c.turn);
    const order = [...ev.blend.keys()].sort((a, b) => ev.blend[b] - ev.blend[a]).slice(0, 5);
    for (const i of order) {
      if (ev.blend[i] > 0) rows.push({ x: calibrationFeatures(ev.bm25[i], ev.cosine[i], ev.blend[i]), y: c.expected.includes(skills[i].path) ? 1 : 0 });
    }
    // The turn-level "needs a skill" model: best BM25F and best cosine over the catalog.
    turns.push({ x: [Math.log1p(Math.max(0, ...ev.bm25)), Math.max(0, ...ev.cosine)], y: c.expected.length > 0 ? 1 : 0, source: source.label });
  }
}
// Each source's two classes weigh the same in the fit: neither a source's size nor its share of skill-needing turns is a prior.
const classSize = new Map<string, number>();
for (const t of turns) classSize.set(`${t.source}:${t.y}`, (classSize.get(`${t.source}:${t.y}`) ?? 0) + 1);
const balance = (t: { source: string; y: number }) => turns.length / (classSize.size * (classSize.get(`${t.source}:${t.y}`) ?? 1));

const w = fitLogistic(rows.map((r) => ({ x: r.x, y: r.y, weight: 1 })));
const needs = fitLogistic(turns.map((t) => ({ ...t, weight: balance(t) })));
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const aurocOf = (list: typeof turns) =>
  r3(
    auroc(
      list.filter((t) => t.y).map((t) => score(needs, t.x)),
      list.filter((t) => !t.y).map((t) => score(needs, t.x)),
    ) ?? 0,
  );
console.log(
  JSON.stringify({
    CALIBRATION_WEIGHTS: w.map(r3),
    candidate_rows: rows.length,
    NEEDS_SKILL_WEIGHTS: needs.map(r3),
    needs_skill_auroc: aurocOf(turns),
    needs_skill_auroc_by_source: Object.fromEntries([...new Set(turns.map((t) => t.source))].map((s) => [s, aurocOf(turns.filter((t) => t.source === s))])),
  }),
);

function score(weights: number[], x: number[]): number {
  return [...x, 1].reduce((s, v, k) => s + v * weights[k], 0);
}

/** Weighted logistic regression by Newton's method (a handful of features: exact and fast). */
function fitLogistic(data: { x: number[]; y: number; weight: number }[]): number[] {
  const d = data[0].x.length + 1;
  let weights = new Array(d).fill(0);
  for (let iter = 0; iter < 25; iter++) {
    const grad = new Array(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const r of data) {
      const x = [...r.x, 1];
      const p = 1 / (1 + Math.exp(-score(weights, r.x)));
      for (let a = 0; a < d; a++) {
        grad[a] += r.weight * (r.y - p) * x[a];
        for (let b = 0; b < d; b++) hess[a][b] += r.weight * p * (1 - p) * x[a] * x[b];
      }
    }
    for (let a = 0; a < d; a++) hess[a][a] += 1e-6;
    const step = solve(hess, grad);
    weights = weights.map((v, k) => v + step[k]);
  }
  return weights;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}
