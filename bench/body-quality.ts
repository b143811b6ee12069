/**
 * Ranking quality on skill bodies (issue: "The local judge reads the whole
 * skill"): the development set lib/eval/body-dev-set builds from the shipped
 * catalog with bodies (each case a skill's own "when to use" line, taken out
 * of its body), through the same engine and local judge `jev eval` uses.
 * Prints top-1, hit@3 and MRR@10 on the dev part (for choosing settings) and
 * on the held-out part (for the before/after figures).
 *
 *   node bin/run-ts.mjs bench/body-quality.ts
 */

import { clipDescription } from "../lib/catalog/front-matter";
import { buildBodyDevSet } from "../lib/eval/body-dev-set";
import { readCatalogLines } from "../lib/eval/formats";
import { runEval } from "../lib/eval/run-eval";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { FIXTURES } from "../lib/testing/fixtures";

// Full descriptions to build the set (a line a description already says is skipped); cards as the engine reads them to rank.
const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
const cards = set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body }));
console.log(`body development set: ${set.catalog.length} skills, ${set.dev.length} dev cases, ${set.heldOut.length} held out`);
for (const [label, cases] of [
  ["dev", set.dev],
  ["held out", set.heldOut],
] as const) {
  const r = await runEval(cards, cases, { judge: new LocalJudge(), metaSkills: [] });
  console.log(
    `  ${label.padEnd(8)} top-1 ${r.top1_ranked.toFixed(3)}  hit@3 ${r.hit_at_3.toFixed(3)}  MRR@10 ${r.mrr_at_10.toFixed(3)}  (p50 ${r.p50_ms.toFixed(2)} ms)`,
  );
}
