/**
 * The curator's local overlap finder (issue 46) on the real public catalog with bodies (fixtures/catalog/
 * public-skills-bodies.jsonl: 881 SKILL.md bodies from 10 repositories, each repository taken as a root): how many
 * groups overlap, how many names are in more than one root, ten examples, and the time, median of RUNS runs on fresh
 * card objects (tokenizing included), against building one BM25F index of the same catalog in the same run (what the
 * local judge does at start). Then the same with the shipped sentence encoder's card vectors (meaning-pairs.ts): the
 * groups it adds, their examples, and what the pass costs with vectors in hand (vectors cached by bench/support/dense-bench).
 *
 *   node bin/run-ts.mjs bench/overlaps.ts
 */
import { performance } from "node:perf_hooks";
import { descriptionFields } from "../lib/catalog/front-matter";
import type { SkillCard } from "../lib/catalog/types";
import { copyClusters, overlapClusters } from "../lib/curator/overlaps";
import { readCatalogLines } from "../lib/eval/formats";
import { SkillVectors } from "../lib/judges/local/dense/skill-vectors";
import { Bm25fIndex } from "../lib/judges/local/lexical/bm25f";
import { FIXTURES } from "../lib/testing/fixtures";
import { benchDense } from "./support/dense-bench";
import { median } from "./support/stats";

const RUNS = 5;
const rows = readCatalogLines(FIXTURES.publicSkillBodies);
/** Fresh objects each run: the index caches each card's terms by object, and a first look pays for them. */
const cardsOf = (): SkillCard[] => rows.map((s) => ({ name: s.name, path: s.path, ...descriptionFields(s.description), ...(s.body ? { body: s.body } : {}) }));
const repoOf = (p: string) => p.split("/").slice(0, 2).join("/");

/** One catalog as discovery would give it: the first of each name, in order. */
function firstOfEachName(cards: SkillCard[]): SkillCard[] {
  const seen = new Set<string>();
  return cards.filter((c) => !seen.has(c.name) && seen.add(c.name));
}

const overlapMs: number[] = [];
const indexMs: number[] = [];
let clusters: ReturnType<typeof overlapClusters> = [];
for (let run = 0; run < RUNS; run++) {
  const forIndex = firstOfEachName(cardsOf());
  let t = performance.now();
  const index = new Bm25fIndex();
  for (const [slot, card] of forIndex.entries()) index.add(slot, card);
  index.stats(
    Int32Array.from({ length: forIndex.length }, (_, i) => i),
    forIndex.length,
  );
  indexMs.push(performance.now() - t);
  const catalog = firstOfEachName(cardsOf());
  t = performance.now();
  clusters = overlapClusters(catalog);
  overlapMs.push(performance.now() - t);
}
const cards = cardsOf();
const byRepo = new Map<string, SkillCard[]>();
for (const card of cards) byRepo.set(repoOf(card.path), [...(byRepo.get(repoOf(card.path)) ?? []), card]);
// Each repository read as discovery reads a root: the first of each name (a name twice in one root is one skill there).
const copies = copyClusters([...byRepo.values()].map(firstOfEachName));
const unique = firstOfEachName(cards).length;
const inClusters = clusters.reduce((n, c) => n + c.skills.length, 0);
const sizes = new Map<number, number>();
for (const c of clusters) sizes.set(c.skills.length, (sizes.get(c.skills.length) ?? 0) + 1);

console.log(
  `local overlap on ${rows.length} public skills (${rows.filter((r) => r.body).length} with a body) (${unique} names, ${byRepo.size} repositories as roots), median of ${RUNS} runs`,
);
console.log(
  `  ${clusters.length} groups overlap, holding ${inClusters} skills; sizes ${[...sizes]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}:${n}`)
    .join(" ")}`,
);
console.log(`  ${copies.length} names are in more than one repository`);
const overlap = median(overlapMs);
const index = median(indexMs);
console.log(
  `  finding them: ${overlap.toFixed(0)} ms; building the judge's index of the same catalog: ${index.toFixed(0)} ms (×${(overlap / index).toFixed(1)})`,
);
console.log("  ten examples (every eighth group, closest first):");
for (const c of clusters.filter((_, i) => i % 8 === 0).slice(0, 10))
  console.log(`    ${c.pairs[0].overlap.toFixed(2)}  ${c.skills.map((s) => s.name).join(", ")}   [${c.sharedTerms.join(", ")}]`);
console.log(
  `  copies, first five: ${copies
    .slice(0, 5)
    .map((c) => `${c.skills[0].name} (${c.skills.map((s) => repoOf(s.path)).join(", ")})`)
    .join("; ")}`,
);

// With meaning: the encoder's card vectors of the same catalog.
const { encoder, store } = await benchDense();
try {
  const catalog = firstOfEachName(cardsOf());
  const vectors = new SkillVectors(encoder, store);
  await vectors.build(catalog);
  const card = vectors.of(catalog)?.card ?? [];
  const withMeaningMs: number[] = [];
  let withMeaning: ReturnType<typeof overlapClusters> = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    withMeaning = overlapClusters(firstOfEachName(cardsOf()), card);
    withMeaningMs.push(performance.now() - t);
  }
  const pairs = withMeaning.flatMap((c) => c.pairs);
  const byMeaning = withMeaning.filter((c) => c.pairs.some((p) => p.via === "meaning"));
  console.log(
    `with the encoder's card vectors: ${withMeaning.length} groups holding ${withMeaning.reduce((n, c) => n + c.skills.length, 0)} skills; pairs by words ${pairs.filter((p) => p.via === "words").length}, by meaning alone ${pairs.filter((p) => p.via === "meaning").length}, by both ${pairs.filter((p) => p.via === "both").length}; ${median(withMeaningMs).toFixed(0)} ms`,
  );
  console.log("  groups joined by meaning alone (closest first):");
  for (const c of byMeaning.slice(0, 12)) {
    const p = c.pairs.find((x) => x.via === "meaning");
    console.log(`    ${p?.overlap.toFixed(2)}  ${p?.a} ~ ${p?.b}   (group: ${c.skills.map((s) => s.name).join(", ")})`);
  }
} finally {
  await encoder.close();
}
