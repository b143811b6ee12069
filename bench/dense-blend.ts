/**
 * Chooses the sentence encoder's weight in the ranking score (LOCAL_JUDGE.ranking.denseBlend): for each weight, the
 * share of skill-needing turns whose expected skill the blend ranks first, per group of the development sets
 * (bench/support/decision-sets.ts), on the fit side (`--check`: the check side), and their mean. Ranking only: the
 * load decision is refitted on the weight chosen (`bench/calibrate.ts --dense`). Changes nothing.
 *
 *   node bin/run-ts.mjs bench/dense-blend.ts [--check]
 */
import { prepareCatalog } from "../lib/engine/prepare-catalog";
import { LocalIndex } from "../lib/judges/local/local-index";
import { LOCAL_JUDGE } from "../lib/judges/local/settings";
import { DEFAULT_META_SKILLS } from "../lib/vocab/limits";
import { decisionSets } from "./support/decision-sets";
import { benchDense, turnVectors } from "./support/dense-bench";

const WEIGHTS = [0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const side = process.argv.includes("--check") ? "check" : "fit";
const ranking = LOCAL_JUDGE.ranking as { denseBlend: number };
const shipped = ranking.denseBlend;
const dense = await benchDense();
try {
  // Each set's index and dense scores once; the weight only changes the blend of the same evidence.
  const prepared = [];
  for (const set of decisionSets()) {
    const skills = prepareCatalog(set.catalog, DEFAULT_META_SKILLS);
    await dense.side.prepare(skills);
    const ready = await dense.side.readiness(skills);
    if (!("matrix" in ready)) throw new Error(`no vectors for ${set.label}`);
    const cases = set[side].filter((c) => c.expected.length > 0);
    const vectors = await turnVectors(
      dense.encoder,
      dense.store,
      cases.map((c) => c.turn),
    );
    prepared.push({ group: set.group, skills, cases, matrix: ready.matrix, vectors });
  }
  const groups = [...new Set(prepared.map((p) => p.group))];
  console.log(`best skill ranked first by the blend, ${side} side: ${groups.join(", ")}, mean of the groups`);
  for (const weight of WEIGHTS) {
    ranking.denseBlend = weight;
    const tally = new Map<string, { n: number; first: number }>();
    for (const p of prepared) {
      // A fresh index per weight: an index keeps its recent turns' evidence.
      const index = LocalIndex.from(p.skills);
      const t = tally.get(p.group) ?? { n: 0, first: 0 };
      for (const c of p.cases) {
        const evidence = index.evidence(c.turn, { scores: p.matrix.scores(p.vectors.get(c.turn) as Float32Array), models: dense.side.decision });
        const best = [...evidence.decided.keys()][0];
        t.n++;
        if (best !== undefined && c.expected.includes(p.skills[best].path)) t.first++;
      }
      tally.set(p.group, t);
    }
    const shares = groups.map((g) => (tally.get(g)?.first ?? 0) / Math.max(1, tally.get(g)?.n ?? 0));
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    console.log(`  ${weight.toFixed(1)}${weight === shipped ? "*" : " "} ${shares.map((s) => s.toFixed(3)).join("  ")}   mean ${mean.toFixed(3)}`);
  }
  console.log("* shipped");
} finally {
  ranking.denseBlend = shipped;
  await dense.encoder.close();
}
