/**
 * What domain entry skills cost a turn: `pickSkill` in process with the local
 * judge on the 960-skill catalog over real MetaTool turns, without entry skills
 * (the baseline, same run) and with 50 entry skills of 10 domain words each,
 * words no MetaTool turn has, so every turn pays the domain check and still
 * goes to the judge. Then a domain turn, answered by its entry hint without
 * the judge. Median of 5 runs of p50s.
 *
 *   node bin/run-ts.mjs bench/entry-skills.ts
 */
import { performance } from "node:perf_hooks";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { domainsOf, type EntryInput } from "../lib/engine/domain-entry";
import { pickSkill } from "../lib/engine/pick-skill";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { RulesConfig } from "../lib/rules/config";
import { FIXTURES } from "../lib/testing/fixtures";
import { DEFAULT_META_SKILLS } from "../lib/vocab/limits";
import { fmt, median, percentile, timeMs } from "./support/stats";

const catalog = [...readCatalogFile(FIXTURES.publicSkills), ...readCatalogFile(FIXTURES.composioToolkits)].slice(0, 960);
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
const RUNS = 5;
const TURNS_PER_RUN = 1000;

// 50 entry skills (real catalog names), each with ten made-up words and a two-word phrase.
const entrySkills = Object.fromEntries(
  catalog.slice(0, 50).map((card, i) => [card.name, [...Array.from({ length: 9 }, (_, j) => `zqx${i}w${j}`), `zqx${i} phrase`]]),
);
const { entry_skills: entries } = RulesConfig.parse({ entry_skills: entrySkills });
const hits = turns.filter((t) => domainsOf(t, entries).length > 0).length;
if (hits > 0) throw new Error(`${hits} MetaTool turns hit a made-up domain word`);
const entry = (): EntryInput => ({ entries, sessionLoaded: new Set(), sessionShown: new Set() });
const deps = (judge: LocalJudge) => ({ catalog, judge, verify: verifyCatalogEntry, metaSkills: DEFAULT_META_SKILLS, now: () => performance.now() });

const without: number[] = [];
const withEntries: number[] = [];
const domainTurn: number[] = [];
const judge = new LocalJudge();
await pickSkill({ turn: "warm up the index" }, deps(judge));
for (let run = 0; run < RUNS; run++) {
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < TURNS_PER_RUN; i++) {
    const turn = turns[(run * TURNS_PER_RUN + i) % turns.length];
    // Alternate which goes first, so neither gets the warmer cache.
    if (i % 2) {
      a.push(await timeMs(() => pickSkill({ turn }, deps(judge))));
      b.push(await timeMs(() => pickSkill({ turn, entry: entry() }, deps(judge))));
    } else {
      b.push(await timeMs(() => pickSkill({ turn, entry: entry() }, deps(judge))));
      a.push(await timeMs(() => pickSkill({ turn }, deps(judge))));
    }
    c.push(await timeMs(() => pickSkill({ turn: `${turn} zqx7w3`, entry: entry() }, deps(judge))));
  }
  without.push(percentile(a, 50));
  withEntries.push(percentile(b, 50));
  domainTurn.push(percentile(c, 50));
}
const base = median(without);
const withE = median(withEntries);
const domain = median(domainTurn);
console.log(`pickSkill, local judge, ${catalog.length} skills, ${TURNS_PER_RUN} MetaTool turns per run, p50 (median of ${RUNS} runs)`);
console.log(`  no entry skills (baseline):                 ${fmt(base)}`);
console.log(`  50 entry skills, turn outside every domain: ${fmt(withE)}   ${(withE / base).toFixed(3)}x the baseline`);
console.log(`  50 entry skills, a domain turn (entry hint, no judge): ${fmt(domain)}   ${(domain / base).toFixed(3)}x the baseline`);
