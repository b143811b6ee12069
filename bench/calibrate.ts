/**
 * Fits the local judge's calibration (lib/judges/local/calibration.ts) and
 * prints it; it changes nothing. For every case it takes the five best-ranked
 * skills and labels each 1 when it is an expected skill, so a fitted
 * probability ≥ 0.5 means "more likely right than wrong".
 *
 *   node bin/run-ts.mjs bench/calibrate.ts [catalog.jsonl cases.jsonl]
 */
import { DEFAULT_META_SKILLS } from "../lib/engine/limits";
import { prepareCatalog } from "../lib/engine/prepare-catalog";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { auroc } from "../lib/eval/metrics";
import { calibrationFeatures } from "../lib/judges/local/calibration";
import { LocalIndex } from "../lib/judges/local/local-index";
import { FIXTURES } from "../lib/testing/fixtures";

const catalogFile = process.argv[2] ?? FIXTURES.metatoolCatalog;
const casesFile = process.argv[3] ?? FIXTURES.metatoolCases;

const { skills } = prepareCatalog(readCatalogFile(catalogFile), DEFAULT_META_SKILLS);
const index = new LocalIndex(skills);
const rows: { x: number[]; y: number }[] = [];
readCasesFile(casesFile).forEach((c) => {
  const ev = index.evidence(c.turn);
  const order = [...ev.blend.keys()].sort((a, b) => ev.blend[b] - ev.blend[a]).slice(0, 5);
  order.forEach((i) => {
    if (ev.blend[i] <= 0) return;
    rows.push({ x: calibrationFeatures(ev.bm25[i], ev.cosine[i], ev.blend[i]), y: c.expected.includes(skills[i].path) ? 1 : 0 });
  });
});

// The turn-level "needs a skill" model: best BM25F and best cosine over the catalog.
const turns = readCasesFile(casesFile).map((c) => {
  const ev = index.evidence(c.turn);
  return { x: [Math.log1p(Math.max(0, ...ev.bm25)), Math.max(0, ...ev.cosine)], y: c.expected.length > 0 ? 1 : 0 };
});
const positives = turns.filter((t) => t.y === 1).length;
const balance = (y: number) => turns.length / (2 * (y === 1 ? positives : turns.length - positives));

const w = fitLogistic(rows.map((r) => ({ x: r.x, y: r.y, weight: 1 })));
const needs = fitLogistic(turns.map((t) => ({ ...t, weight: balance(t.y) })));
const needsAuroc = auroc(
  turns.filter((t) => t.y).map((t) => score(needs, t.x)),
  turns.filter((t) => !t.y).map((t) => score(needs, t.x)),
);
const r3 = (v: number) => Math.round(v * 1000) / 1000;
console.log(
  JSON.stringify({
    CALIBRATION_WEIGHTS: w.map(r3),
    candidate_rows: rows.length,
    NEEDS_SKILL_WEIGHTS: needs.map(r3),
    needs_skill_auroc: r3(needsAuroc ?? 0),
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
