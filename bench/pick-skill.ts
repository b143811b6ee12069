/**
 * `pickSkill` in process with the local judge on a 960-skill catalog (the 885
 * real skills plus the first Composio toolkit skills), over real MetaTool turns.
 * Prints p50/p99 per turn warm (index built once per catalog snapshot), and as
 * baseline the same turn with the index rebuilt (what every turn would cost
 * without the per-snapshot cache). Targets: p50 < 5 ms, p99 < 20 ms.
 *
 *   node bin/run-ts.mjs bench/pick-skill.ts
 */
import { performance } from "node:perf_hooks";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { FIXTURES } from "../lib/testing/fixtures";
import { DEFAULT_META_SKILLS } from "../lib/vocab/limits";
import { fmt, median, percentile, timeMs } from "./support/stats";

const catalog = [...readCatalogFile(FIXTURES.publicSkills), ...readCatalogFile(FIXTURES.composioToolkits)].slice(0, 960);
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
const RUNS = 5;
const TURNS_PER_RUN = 1000;
const COLD_TURNS = 5;

const deps = (judge: LocalJudge) => ({ catalog, judge, verify: verifyCatalogEntry, metaSkills: DEFAULT_META_SKILLS, now: () => performance.now() });

const p50s: number[] = [];
const p99s: number[] = [];
const colds: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const judge = new LocalJudge();
  await pickSkill({ turn: "warm up the index" }, deps(judge));
  const times: number[] = [];
  for (let i = 0; i < TURNS_PER_RUN; i++) {
    const turn = turns[(run * TURNS_PER_RUN + i) % turns.length];
    times.push(await timeMs(() => pickSkill({ turn }, deps(judge))));
  }
  p50s.push(percentile(times, 50));
  p99s.push(percentile(times, 99));
  for (let i = 0; i < COLD_TURNS; i++) colds.push(await timeMs(() => pickSkill({ turn: turns[i] }, deps(new LocalJudge()))));
}
const m = { p50: median(p50s), p99: median(p99s), cold: median(colds) };
console.log(`pickSkill, local judge, ${catalog.length} skills, ${TURNS_PER_RUN} MetaTool turns per run (median of ${RUNS} runs)`);
console.log(`  warm p50: ${fmt(m.p50)}   (target < 5 ms)`);
console.log(`  warm p99: ${fmt(m.p99)}   (target < 20 ms)`);
console.log(`  baseline, index rebuilt per turn: ${fmt(m.cold)}   warm p50 is ${(m.p50 / m.cold).toFixed(4)}x of it`);
