/**
 * Ranking quality on skill bodies (issue: "The local judge reads the whole
 * skill"): the development set lib/eval/body-dev-set builds from the shipped
 * catalog with bodies (each case a skill's own "when to use" line, taken out
 * of its body), through the same engine and local judge `jev eval` uses.
 * Prints top-1, hit@3, MRR@10 and the share loaded right on the dev part (for
 * choosing settings) and on the held-out part (for the before/after figures),
 * each with half of MetaTool's no-skill turns (the half calibrate.ts leaves out) asked of the same catalog, for the
 * needs_skill AUROC and how often nothing is loaded when nothing is needed.
 *
 *   node bin/run-ts.mjs bench/body-quality.ts
 */

import { clipDescription } from "../lib/catalog/front-matter";
import { buildBodyDevSet, splitNoSkillTurns } from "../lib/eval/body-dev-set";
import { readCasesFile, readCatalogLines } from "../lib/eval/formats";
import { runEval } from "../lib/eval/run-eval";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { FIXTURES } from "../lib/testing/fixtures";

// Full descriptions to build the set (a line a description already says is skipped); cards as the engine reads them to rank.
const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
const f = (x: number) => x.toFixed(3);
const cards = set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body }));
console.log(`body development set: ${set.catalog.length} skills, ${set.dev.length} dev cases, ${set.heldOut.length} held out`);
// Turns that need no skill (MetaTool's, the half calibrations are not fitted on), asked of this catalog too:
// how well `needs_skill` and the load line hold on bodies.
const none = splitNoSkillTurns(readCasesFile(FIXTURES.metatoolCases)).check;
// Before: the same cards without their bodies (what the local judge read until it read bodies).
const without = cards.map(({ body: _body, ...card }) => card);
for (const [label, cases] of [
  ["dev", set.dev],
  ["held out", set.heldOut],
] as const) {
  const ranks = new Map<string, (number | null)[]>();
  for (const [variant, catalog] of [
    ["without bodies", without],
    ["with bodies", cards],
  ] as const) {
    const gold: (number | null)[] = [];
    const r = await runEval(catalog, [...cases, ...none], { judge: new LocalJudge(), metaSkills: [], onCase: (c) => gold.push(c.gold_rank) });
    ranks.set(variant, gold.slice(0, cases.length));
    console.log(
      `  ${label.padEnd(8)} ${variant.padEnd(14)} top-1 ${f(r.top1_ranked)}  hit@3 ${f(r.hit_at_3)}  MRR@10 ${f(r.mrr_at_10)}  loaded right ${f(r.top1_loaded)}  | with ${none.length} no-skill turns: needs_skill AUROC ${f(r.auroc_needs_skill ?? 0)}, none recall ${f(r.none_recall ?? 0)}  (p50 ${r.p50_ms.toFixed(2)} ms)`,
    );
  }
  // Paired: each case's rank of its skill without and with bodies (not in the top 10 counts as 11).
  const before = ranks.get("without bodies") ?? [];
  const after = ranks.get("with bodies") ?? [];
  const rank = (r: number | null) => r ?? 11;
  const up = before.filter((b, i) => rank(after[i]) < rank(b)).length;
  const down = before.filter((b, i) => rank(after[i]) > rank(b)).length;
  console.log(`  ${label.padEnd(8)} paired: ${up} cases ranked their skill higher with bodies, ${down} lower, ${cases.length - up - down} the same`);
}
