/**
 * Ranking alone (the local judge's blend, thresholds ignored), on the sets the
 * ranker must not lose ground on: the body development set's held-out and dev
 * parts with bodies, its held-out part without them, and MetaTool; then where
 * each skill of the plain-requests home (lib/testing/plain-home.ts) ranks for
 * the plain requests its test asks. Changes nothing.
 *
 *   node bin/run-ts.mjs bench/ranking-fields.ts
 */
import { clipDescription } from "../lib/catalog/front-matter";
import type { SkillCard } from "../lib/catalog/types";
import { buildBodyDevSet } from "../lib/eval/body-dev-set";
import { type EvalCase, readCasesFile, readCatalogFile, readCatalogLines } from "../lib/eval/formats";
import { LocalIndex } from "../lib/judges/local/local-index";
import { FIXTURES } from "../lib/testing/fixtures";
import { plainHome } from "../lib/testing/plain-home";

function rankOf(index: LocalIndex, skills: readonly SkillCard[], turn: string, isRight: (s: SkillCard) => boolean): number {
  const { blend } = index.evidence(turn);
  const order = [...blend.keys()].filter((i) => blend[i] > 0).sort((a, b) => blend[b] - blend[a]);
  return order.findIndex((i) => isRight(skills[i])) + 1;
}

function ranking(skills: readonly SkillCard[], cases: readonly EvalCase[]): string {
  const index = LocalIndex.from(skills);
  const asked = cases.filter((c) => c.expected.length > 0);
  const ranks = asked.map((c) => rankOf(index, skills, c.turn, (s) => c.expected.includes(s.path)));
  const share = (ok: (r: number) => boolean) => (ranks.filter(ok).length / asked.length).toFixed(3);
  return `top-1 ${share((r) => r === 1)}  hit@3 ${share((r) => r >= 1 && r <= 3)}  (${asked.length} turns)`;
}

const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
const cards: SkillCard[] = set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body }));
const withoutBodies = cards.map(({ body: _body, ...card }) => card);
console.log(`bodies, held out        ${ranking(cards, set.heldOut)}`);
console.log(`bodies, dev             ${ranking(cards, set.dev)}`);
console.log(`descriptions, held out  ${ranking(withoutBodies, set.heldOut)}`);
console.log(`MetaTool                ${ranking(readCatalogFile(FIXTURES.metatoolCatalog), readCasesFile(FIXTURES.metatoolCases))}`);

const home = plainHome().filter((s) => s.name !== "using-superpowers");
const homeIndex = LocalIndex.from(home);
console.log(`\nplain requests in a home of ${home.length} real skills (rank of the skill named):`);
for (const [turn, name] of [
  ["create a powerpoint presentation about our Q3 results", "pptx"],
  ["make an excel spreadsheet", "xlsx"],
  ["make an excel spreadsheet with a pivot table of sales by region", "xlsx"],
  ["fill in the fields of this PDF form", "pdf"],
  ["convert this docx to pdf", "docx"],
  ["merge these two pdfs", "pdf"],
]) {
  console.log(`  ${String(rankOf(homeIndex, home, turn, (s) => s.name === name)).padStart(2)}  ${name.padEnd(6)} ${turn}`);
}
