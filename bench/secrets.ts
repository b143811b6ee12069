/**
 * Secret detection (lib/privacy): how much of the corpus it catches, how often
 * it flags real text that carries no secret, and what it costs per turn.
 * Baseline in the same run: the vendor-prefix rules alone, without the
 * generic detector. Median of several runs over the 3,525 MetaTool turns.
 * Targets: ≥ 98% of the corpus caught, < 1% false positives, < 0.2 ms p50.
 *
 *   node bin/run-ts.mjs bench/secrets.ts
 */
import { performance } from "node:perf_hooks";
import { readCasesFile } from "../lib/eval/formats";
import { looksSecret, redact } from "../lib/privacy/redact";
import { loadSecretCorpus } from "../lib/privacy/secret-corpus";
import { SECRET_RULES } from "../lib/privacy/secret-patterns";
import { FIXTURES, publicSkillDescriptions } from "../lib/testing/fixtures";
import { median, percentile } from "./support/stats";

const RUNS = 7;
const SEEDS = [1, 2, 3, 4, 5];

const prefixRulesOnly = (turn: string) => SECRET_RULES.some((r) => r.pattern.test(turn));
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
const descriptions = publicSkillDescriptions();

let caught = 0;
let total = 0;
let cleanFlagged = 0;
let cleanTotal = 0;
const missed = new Set<string>();
for (const seed of SEEDS) {
  for (const c of loadSecretCorpus(seed)) {
    if (c.expect === "secret") {
      total++;
      if (looksSecret(c.turn)) caught++;
      else missed.add(`${c.format} (line ${c.line})`);
    } else {
      cleanTotal++;
      if (looksSecret(c.turn)) cleanFlagged++;
    }
  }
}
const corpus = loadSecretCorpus(1);
const formats = new Set(corpus.filter((c) => c.expect === "secret").map((c) => c.format)).size;

function perTurnMs(fn: (t: string) => unknown): { p50: number; p99: number } {
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const times: number[] = [];
    for (const t of turns) {
      const start = performance.now();
      fn(t);
      times.push(performance.now() - start);
    }
    p50s.push(percentile(times, 50));
    p99s.push(percentile(times, 99));
  }
  return { p50: median(p50s), p99: median(p99s) };
}
for (const t of turns) looksSecret(t); // warm the regex engine

const full = perTurnMs(looksSecret);
const baseline = perTurnMs(prefixRulesOnly);
const withRedact = perTurnMs((t) => looksSecret(t) || redact(t));
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(2)}%`;

console.log(`secret detection (${SECRET_RULES.length} format rules + generic detector; median of ${RUNS} runs)`);
console.log(`  corpus: ${corpus.filter((c) => c.expect === "secret").length} secret turns, ${formats} formats, seeds ${SEEDS.join(",")}`);
console.log(
  `  caught:                         ${caught}/${total} = ${pct(caught, total)}   (target ≥ 98%)${missed.size ? `  missed: ${[...missed].join(", ")}` : ""}`,
);
console.log(`  corpus turns that only talk about secrets, flagged: ${cleanFlagged}/${cleanTotal}`);
console.log(`  false positives, MetaTool turns:        ${pct(turns.filter(looksSecret).length, turns.length)} of ${turns.length}   (target < 1%)`);
console.log(`  false positives, catalog descriptions:  ${pct(descriptions.filter(looksSecret).length, descriptions.length)} of ${descriptions.length}`);
console.log(`  cost per turn, looksSecret:      p50 ${(full.p50 * 1000).toFixed(1)} µs  p99 ${(full.p99 * 1000).toFixed(1)} µs   (target p50 < 200 µs)`);
console.log(
  `  baseline, prefix rules only:     p50 ${(baseline.p50 * 1000).toFixed(1)} µs  p99 ${(baseline.p99 * 1000).toFixed(1)} µs   ratio ${(full.p50 / baseline.p50).toFixed(2)}x`,
);
console.log(`  looksSecret + redact:            p50 ${(withRedact.p50 * 1000).toFixed(1)} µs  p99 ${(withRedact.p99 * 1000).toFixed(1)} µs`);
