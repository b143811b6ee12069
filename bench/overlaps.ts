/**
 * The curator's local overlap finder (issue 46) on the real public catalog with bodies (fixtures/catalog/
 * public-skills-bodies.jsonl: 881 SKILL.md bodies from 10 repositories, each repository taken as a root): how many
 * groups overlap, how many names are in more than one root, ten examples, and the time, median of RUNS runs on fresh
 * card objects (tokenizing included), against building one BM25F index of the same catalog in the same run (what the
 * local judge does at start).
 *
 *   node bin/run-ts.mjs bench/overlaps.ts
 */
import { performance } from "node:perf_hooks";
import { DESCRIPTION_CHARS, type SkillCard } from "../lib/catalog/types";
import { copyClusters, overlapClusters } from "../lib/curator/overlaps";
import { readCatalogLines } from "../lib/eval/formats";
import { Bm25fIndex } from "../lib/judges/local/lexical/bm25f";
import { FIXTURES } from "../lib/testing/fixtures";
import { median } from "./support/stats";

const RUNS = 5;
const rows = readCatalogLines(FIXTURES.publicSkillBodies);
/** Fresh objects each run: the index caches each card's terms by object, and a first look pays for them. */
const cardsOf = (): SkillCard[] =>
  rows.map((s) => ({ name: s.name, path: s.path, description: s.description.slice(0, DESCRIPTION_CHARS), ...(s.body ? { body: s.body } : {}) }));
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
