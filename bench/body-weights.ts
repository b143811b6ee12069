/**
 * Chooses the body field's BM25F weight and length normalisation on the dev
 * part of the body development set (lib/eval/body-dev-set), ranking by the
 * local judge's blend as stage 1 does. Prints every grid point (dev only), then
 * the best by MRR@10 against no body on the held-out part: the held-out part
 * judges the choice, it never makes it. Changes nothing.
 *
 *   node bin/run-ts.mjs bench/body-weights.ts
 */
import { clipDescription } from "../lib/catalog/front-matter";
import { buildBodyDevSet } from "../lib/eval/body-dev-set";
import type { EvalCase } from "../lib/eval/formats";
import { readCatalogLines } from "../lib/eval/formats";
import { LocalIndex } from "../lib/judges/local/local-index";
import { LOCAL_JUDGE } from "../lib/judges/local/settings";
import { FIXTURES } from "../lib/testing/fixtures";

const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
const cards = set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body }));

function score(index: LocalIndex, cases: readonly EvalCase[]) {
  let top1 = 0;
  let hit3 = 0;
  let rr = 0;
  for (const c of cases) {
    const { blend } = index.evidence(c.turn);
    const order = [...blend.keys()].filter((i) => blend[i] > 0).sort((a, b) => blend[b] - blend[a]);
    const rank = order.slice(0, 10).findIndex((i) => c.expected.includes(cards[i].path));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) hit3++;
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  const n = cases.length;
  return { top1: top1 / n, hit3: hit3 / n, mrr: rr / n };
}
const f = (x: number) => x.toFixed(3);

console.log(`dev: ${set.dev.length} cases over ${cards.length} skills`);
const grid: { weight: number; b: number; mrr: number }[] = [];
for (const weight of [0, 0.25, 0.5, 0.75, 1, 1.5]) {
  for (const b of weight === 0 ? [1] : [0.5, 0.75, 1]) {
    const started = performance.now();
    const index = LocalIndex.from(cards, { ...LOCAL_JUDGE.bm25f, bodyWeight: weight, bodyB: b });
    const build = performance.now() - started;
    const r = score(index, set.dev);
    grid.push({ weight, b, mrr: r.mrr });
    console.log(
      `  body weight ${weight.toFixed(2)}  b ${b.toFixed(2)}: top-1 ${f(r.top1)}  hit@3 ${f(r.hit3)}  MRR@10 ${f(r.mrr)}   (index ${build.toFixed(0)} ms)`,
    );
  }
}
const best = grid.reduce((a, b) => (b.mrr > a.mrr ? b : a));
const without = score(LocalIndex.from(cards, { ...LOCAL_JUDGE.bm25f, bodyWeight: 0 }), set.heldOut);
const chosen = score(LocalIndex.from(cards, { ...LOCAL_JUDGE.bm25f, bodyWeight: best.weight, bodyB: best.b }), set.heldOut);
console.log(`best on dev: weight ${best.weight}, b ${best.b}`);
console.log(
  `held out (${set.heldOut.length}): no body top-1 ${f(without.top1)} hit@3 ${f(without.hit3)} MRR@10 ${f(without.mrr)} -> with body top-1 ${f(chosen.top1)} hit@3 ${f(chosen.hit3)} MRR@10 ${f(chosen.mrr)}`,
);
