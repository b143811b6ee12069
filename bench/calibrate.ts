/**
 * Fits the local judge's calibration (lib/judges/local/calibration.ts) and
 * prints it; it changes nothing. For every case it takes the five best-ranked
 * skills and labels each 1 when it is an expected skill, so a fitted
 * probability ≥ 0.5 means "more likely right than wrong".
 *
 *   node bin/run-ts.mjs bench/calibrate.ts [catalog.jsonl cases.jsonl]
 */
import path from "node:path";
import { prepareCatalog } from "../lib/engine/prepare-catalog";
import { DEFAULT_META_SKILLS } from "../lib/engine/limits";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { auroc } from "../lib/eval/metrics";
import { calibrationFeatures } from "../lib/judges/local/calibration";
import { LocalIndex } from "../lib/judges/local/local-index";

const data = path.resolve(import.meta.dirname, "../../shared/data/metatool");
const catalogFile = process.argv[2] ?? path.join(data, "catalog.jsonl");
const casesFile = process.argv[3] ?? path.join(data, "cases.jsonl");

const { skills } = prepareCatalog(readCatalogFile(catalogFile), DEFAULT_META_SKILLS);
const index = new LocalIndex(skills);
const rows: { x: number[]; y: number; caseId: number; top: boolean; positiveCase: boolean }[] = [];
readCasesFile(casesFile).forEach((c, caseId) => {
  const ev = index.evidence(c.turn);
  const order = [...ev.blend.keys()].sort((a, b) => ev.blend[b] - ev.blend[a]).slice(0, 5);
  order.forEach((i, rank) => {
    if (ev.blend[i] <= 0) return;
    rows.push({
      x: calibrationFeatures(ev.bm25[i], ev.cosine[i], ev.blend[i]),
      y: c.expected.includes(skills[i].path) ? 1 : 0,
      caseId,
      top: rank === 0,
      positiveCase: c.expected.length > 0,
    });
  });
});

// Logistic regression by Newton's method (a handful of features: exact and fast).
const d = rows[0].x.length + 1;
let w = new Array(d).fill(0);
for (let iter = 0; iter < 25; iter++) {
  const grad = new Array(d).fill(0);
  const hess = Array.from({ length: d }, () => new Array(d).fill(0));
  for (const r of rows) {
    const x = [...r.x, 1];
    const p = 1 / (1 + Math.exp(-x.reduce((s, v, k) => s + v * w[k], 0)));
    for (let a = 0; a < d; a++) {
      grad[a] += (r.y - p) * x[a];
      for (let b = 0; b < d; b++) hess[a][b] += p * (1 - p) * x[a] * x[b];
    }
  }
  for (let a = 0; a < d; a++) hess[a][a] += 1e-6;
  w = w.map((v, k) => v + solve(hess, grad)[k]);
}
const predict = (x: number[]) => 1 / (1 + Math.exp(-[...x, 1].reduce((s, v, k) => s + v * w[k], 0)));
const tops = rows.filter((r) => r.top);
console.log(JSON.stringify({
  weights: w.map((v) => Math.round(v * 1000) / 1000),
  rows: rows.length,
  auroc_needs_skill_top: Math.round(1000 * (auroc(tops.filter((r) => r.positiveCase).map((r) => predict(r.x)), tops.filter((r) => !r.positiveCase).map((r) => predict(r.x))) ?? 0)) / 1000,
}));

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
