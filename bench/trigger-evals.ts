/**
 * The load decision and the shortlist on turns nobody here wrote: skill
 * authors' own trigger evals (fixtures/triggers: the twelve public skills on
 * the check side of the development sets, each with prompts that should and
 * should not load it) and real requests that no tool answered
 * (fixtures/bfcl: BFCL's live irrelevance set, the half the development sets
 * keep for checking), in two homes: the 881 public skills with bodies plus
 * the 22 trigger skills, and the 60-skill plain home plus the 22. Prints, per home:
 * - should-trigger turns: the skill loaded, listed (load or shortlist), ranked first;
 * - its own near misses (should_trigger false): that skill loaded, listed;
 * - BFCL's requests: any skill loaded, any listed, hint tokens per turn.
 * Each for the lexical judge alone and for the local judge with its sentence encoder, in one run. Changes nothing.
 *
 *   node bin/run-ts.mjs bench/trigger-evals.ts
 */
import type { SkillCard } from "../lib/catalog/types";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { hashHalves } from "../lib/eval/body-dev-set";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { readTriggerCases, triggerHalves } from "../lib/eval/trigger-cases";
import { hintText } from "../lib/hints/hint-text";
import { hintTokens } from "../lib/hints/hint-tokens";
import type { LocalJudge } from "../lib/judges/local/local-judge";
import { FIXTURES } from "../lib/testing/fixtures";
import { plainHome } from "../lib/testing/plain-home";
import { THRESHOLDS } from "../lib/vocab/limits";
import { benchJudges } from "./support/dense-bench";

const triggerSkills = readCatalogFile(FIXTURES.triggerSkills);
// The skills on the fit side of the development sets (decision-sets.ts) are left out of the figures: only the others' prompts are asked.
const triggerCases = triggerHalves(readTriggerCases(FIXTURES.triggerCases)).check;
const checkedSkills = new Set(triggerCases.map((c) => c.skill));
// Half of BFCL's requests are on the fit side of the development sets (decision-sets.ts): only the other half is asked here.
const irrelevant: string[] = hashHalves(readCasesFile(FIXTURES.bfclIrrelevance)).check.map((c) => c.turn);
const publicSkills = readCatalogFile(FIXTURES.publicSkillBodies);

const share = (n: number, d: number) => (d ? (n / d).toFixed(3) : "  -  ");

async function measure(label: string, catalog: readonly SkillCard[], judge: LocalJudge) {
  const deps = { catalog, judge, verify: verifyCatalogEntry, metaSkills: ["using-superpowers"], now: () => performance.now() };
  const description = new Map(catalog.map((s) => [s.path, s.description]));
  const ask = async (turn: string) => {
    const { reply, ranking } = await pickSkill({ turn }, deps);
    const listed = reply.skills;
    const loaded = listed.find((s) => s.match >= THRESHOLDS.load)?.path ?? null;
    const tokens = hintTokens(
      hintText(
        turn,
        listed.map((s) => ({ ...s, description: description.get(s.path) ?? "" })),
      ),
    );
    return { listed: listed.map((s) => s.path), loaded, first: ranking[0] ?? null, tokens };
  };
  const should = triggerCases.filter((c) => c.should_trigger);
  const near = triggerCases.filter((c) => !c.should_trigger);
  let loadedRight = 0;
  let listedRight = 0;
  let rankedFirst = 0;
  for (const c of should) {
    const r = await ask(c.turn);
    if (r.loaded === c.skill) loadedRight++;
    if (r.listed.includes(c.skill)) listedRight++;
    if (r.first === c.skill) rankedFirst++;
  }
  let nearLoaded = 0;
  let nearListed = 0;
  for (const c of near) {
    const r = await ask(c.turn);
    if (r.loaded === c.skill) nearLoaded++;
    if (r.listed.includes(c.skill)) nearListed++;
  }
  let falseLoads = 0;
  let noisy = 0;
  let tokens = 0;
  for (const turn of irrelevant) {
    const r = await ask(turn);
    if (r.loaded) falseLoads++;
    if (r.listed.length) noisy++;
    tokens += r.tokens;
  }
  console.log(`${label} (${catalog.length} skills)`);
  console.log(
    `  should trigger (${should.length}): loaded ${share(loadedRight, should.length)}  listed ${share(listedRight, should.length)}  ranked first ${share(rankedFirst, should.length)}`,
  );
  console.log(`  its near misses (${near.length}): that skill loaded ${share(nearLoaded, near.length)}  listed ${share(nearListed, near.length)}`);
  console.log(
    `  BFCL requests no tool answered (${irrelevant.length}): a skill loaded ${share(falseLoads, irrelevant.length)}  any listed ${share(noisy, irrelevant.length)}  hint tokens/turn ${(tokens / irrelevant.length).toFixed(1)}`,
  );
}

console.log(`trigger evals of ${checkedSkills.size} skills nothing was fitted on (of ${triggerSkills.length})`);
const { judges, close } = await benchJudges();
for (const { label, judge } of judges) {
  console.log(`\n== the ${label} judge`);
  await measure("881 public skills with bodies + the trigger skills", [...publicSkills, ...triggerSkills], judge);
  await measure("the plain home + the trigger skills", [...plainHome(), ...triggerSkills], judge);
}
await close();
