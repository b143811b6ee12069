/**
 * The load decision end to end (issue: "Load decisions users can trust"):
 * what an agent does with each reply (load the first skill with match ≥ 0.5,
 * or nothing), on the check side of every development set
 * (bench/support/decision-sets.ts: MetaTool; the public skills with and without
 * bodies, with out-of-scope turns; each repository's skills as a home of its
 * own), through the same engine and local judge `jev eval` uses. Prints per
 * set and per group: end-to-end accuracy, the right skill loaded, false and
 * wrong loads, needs_skill AUROC, ranking (top-1, hit@3), and one reliability
 * table over every load.
 *
 * `--dense`: the local judge with its sentence encoder (the default judge), instead of the lexical judge alone.
 *
 *   node bin/run-ts.mjs bench/decision-quality.ts [--fit] [--dense]   (--fit: the fit side instead)
 */

import { reliabilityTable } from "../lib/eval/reliability";
import { type CaseResult, type EvalReport, runEval } from "../lib/eval/run-eval";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { MATCH_BUCKETS } from "../lib/vocab/match-buckets";
import { decisionSets } from "./support/decision-sets";
import { benchDense } from "./support/dense-bench";

const side = process.argv.includes("--fit") ? "fit" : "check";
const f = (x: number | null) => (x === null ? "  -  " : x.toFixed(3));
const groups = new Map<string, { reports: EvalReport[]; loads: { match: number; right: boolean }[] }>();

const dense = process.argv.includes("--dense") ? await benchDense() : null;
console.log(`side: ${side}; judge: ${dense ? "hybrid (with the sentence encoder)" : "lexical"}`);
console.log("set                      cases  end-to-end  right-loaded  false-load  wrong-load  AUROC  top-1  hit@3 (ranking)");
for (const set of decisionSets()) {
  const loads: { match: number; right: boolean }[] = [];
  const cases = set[side];
  const collect = (c: CaseResult) => {
    const loaded = c.top3.find((s) => s.path === c.loaded);
    if (loaded) loads.push({ match: loaded.match, right: c.expected.includes(loaded.path) });
  };
  const r = await runEval(set.catalog, cases, { judge: new LocalJudge("wait", undefined, dense?.side ?? null), metaSkills: [], onCase: collect });
  const group = groups.get(set.group) ?? { reports: [], loads: [] };
  group.reports.push(r);
  group.loads.push(...loads);
  groups.set(set.group, group);
  console.log(
    `${set.label.padEnd(24)} ${String(r.cases).padStart(5)}  ${f(r.end_to_end)}       ${f(r.top1_loaded)}         ${f(r.false_load_rate)}       ${f(r.wrong_load_rate)}      ${f(r.auroc_needs_skill)}  ${f(r.top1_ranked)}  ${f(r.hit_at_3_ranked)}`,
  );
}

// Per group, cases weighted as they come (the homes are many small sets).
console.log(
  "\ngroup                    cases  end-to-end  right-loaded  false-load  AUROC(mean)  top-1  hit@3 (ranking)  p50 ms  list-recall  hint-noise  hint-tokens/turn",
);
const all: { match: number; right: boolean }[] = [];
for (const [name, { reports, loads }] of groups) {
  const cases = reports.reduce((s, r) => s + r.cases, 0);
  const weighted = (key: (r: EvalReport) => number | null, by: (r: EvalReport) => number) => {
    const w = reports.reduce((s, r) => s + (key(r) === null ? 0 : by(r)), 0);
    return w ? reports.reduce((s, r) => s + (key(r) ?? 0) * by(r), 0) / w : null;
  };
  const meanOf = (key: (r: EvalReport) => number | null) => {
    const xs = reports.map(key).filter((x): x is number => x !== null);
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  };
  console.log(
    `${name.padEnd(24)} ${String(cases).padStart(5)}  ${f(
      weighted(
        (r) => r.end_to_end,
        (r) => r.cases,
      ),
    )}       ${f(
      weighted(
        (r) => r.top1_loaded,
        (r) => r.positives,
      ),
    )}         ${f(
      weighted(
        (r) => r.false_load_rate,
        (r) => r.negatives,
      ),
    )}       ${f(meanOf((r) => r.auroc_needs_skill))}        ${f(
      weighted(
        (r) => r.top1_ranked,
        (r) => r.positives,
      ),
    )}  ${f(
      weighted(
        (r) => r.hit_at_3_ranked,
        (r) => r.positives,
      ),
    )}           ${f(meanOf((r) => r.p50_ms))}   ${f(
      weighted(
        (r) => r.list_recall,
        (r) => r.positives,
      ),
    )}        ${f(
      weighted(
        (r) => r.hint_noise,
        (r) => r.negatives,
      ),
    )}       ${(
      weighted(
        (r) => r.hint_tokens_per_turn,
        (r) => r.cases,
      ) ?? 0
    ).toFixed(1)}`,
  );
  all.push(...loads);
}

console.log("\nreliability (match bucket → loads, share right): every load, then per group");
const tables = [["every load", reliabilityTable(all)] as const, ...[...groups].map(([name, g]) => [name, reliabilityTable(g.loads)] as const)];
console.log(`  ${"bucket".padEnd(11)}${tables.map(([name]) => name.padStart(18)).join("")}`);
MATCH_BUCKETS.forEach(({ from, to }, k) => {
  const cells = tables.map(([, rows]) => `${String(rows[k].loads).padStart(6)} ${f(rows[k].share)}`.padStart(18));
  console.log(`  [${from.toFixed(1)}, ${to.toFixed(1)})${cells.join("")}`);
});
await dense?.encoder.close();
