/**
 * What the sentence encoder costs, on 960 skills with bodies (the 881 public skills with bodies, the 22 trigger
 * skills, and Composio toolkit skills), in one run:
 * - a turn in process (`pickSkill`, warm: index and vectors built), p50 and p99 over real MetaTool turns, for the
 *   lexical judge alone (the baseline) and with the encoder: each turn is new, so each is encoded once;
 * - the cold vector build of the catalog into a fresh SQLite file (the encoder as the server runs it: a worker per
 *   core, up to two), and a warm
 *   restart: a new encoder reading every vector back from that file until the catalog is ready;
 * - the process's RSS after each, and the bytes the model adds to the repository.
 * Medians of RUNS runs. Targets (issue): p50 ≤ 10 ms, p99 ≤ 40 ms, cold build ≤ 60 s, warm restart ≤ 3 s.
 *
 *   node bin/run-ts.mjs bench/semantic-judge.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { packageRoot } from "../lib/config";
import { pickSkill } from "../lib/engine/pick-skill";
import { prepareCatalog } from "../lib/engine/prepare-catalog";
import { readCasesFile, readCatalogFile } from "../lib/eval/formats";
import { DenseSide } from "../lib/judges/local/dense/dense-side";
import { SHIPPED_MODEL } from "../lib/judges/local/dense/worker-encoder";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { startShippedEncoder } from "../lib/services/catalog/dense-setup";
import { dbVectorStore } from "../lib/services/catalog/skill-vector-store";
import { freshDb } from "../lib/testing/factories";
import { FIXTURES } from "../lib/testing/fixtures";
import { DEFAULT_META_SKILLS } from "../lib/vocab/limits";
import { median, percentile } from "./support/stats";

const RUNS = 3;
const TURNS = 400;
const withBodies = [...readCatalogFile(FIXTURES.publicSkillBodies), ...readCatalogFile(FIXTURES.triggerSkills)];
const catalog = [...withBodies, ...readCatalogFile(FIXTURES.composioToolkits)].slice(0, 960);
const skills = prepareCatalog(catalog, DEFAULT_META_SKILLS);
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const deps = (judge: LocalJudge) => ({ catalog, judge, verify: verifyCatalogEntry, metaSkills: DEFAULT_META_SKILLS, now: () => performance.now() });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-semantic-"));
const figures: Record<string, number[]> = { lexP50: [], lexP99: [], hybP50: [], hybP99: [], cold: [], warm: [], rssAfterBuild: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    const db = freshDb(path.join(tmp, `run-${run}`));
    const store = dbVectorStore(db);
    // Cold: a fresh database, every text encoded.
    let started = performance.now();
    const cold = new DenseSide({ start: startShippedEncoder, store, waitMs: 0 });
    await cold.prepare(skills);
    figures.cold.push(performance.now() - started);
    figures.rssAfterBuild.push(rssMb());
    // Warm restart: another encoder, the same database.
    started = performance.now();
    const warm = new DenseSide({ start: startShippedEncoder, store, waitMs: 0 });
    await warm.prepare(skills);
    figures.warm.push(performance.now() - started);
    await cold.close();
    // Turns: the lexical judge alone, then with the encoder (its vectors ready).
    for (const [label, judge] of [
      ["lex", new LocalJudge()],
      ["hyb", new LocalJudge("wait", undefined, warm)],
    ] as const) {
      await pickSkill({ turn: "warm up the index" }, deps(judge));
      const times: number[] = [];
      for (let i = 0; i < TURNS; i++) {
        const turn = turns[(run * TURNS + i) % turns.length];
        const t = performance.now();
        await pickSkill({ turn }, deps(judge));
        times.push(performance.now() - t);
      }
      figures[`${label}P50`].push(percentile(times, 50));
      figures[`${label}P99`].push(percentile(times, 99));
    }
    await warm.close();
  }
  const m = (k: string) => median(figures[k]);
  const texts = skills.length + skills.filter((s) => s.body?.trim()).length;
  const modelBytes = fs
    .readdirSync(path.join(packageRoot(), SHIPPED_MODEL))
    .reduce((n, f) => n + fs.statSync(path.join(packageRoot(), SHIPPED_MODEL, f)).size, 0);
  console.log(`${skills.length} skills (${skills.filter((s) => s.body?.trim()).length} with bodies: ${texts} texts), median of ${RUNS} runs`);
  console.log(`  turn in process, lexical judge alone: p50 ${m("lexP50").toFixed(2)} ms, p99 ${m("lexP99").toFixed(2)} ms`);
  console.log(
    `  turn in process, with the encoder:   p50 ${m("hybP50").toFixed(2)} ms, p99 ${m("hybP99").toFixed(2)} ms   (x${(m("hybP50") / m("lexP50")).toFixed(2)} of lexical; target p50 ≤ 10, p99 ≤ 40)`,
  );
  console.log(`  cold vector build: ${(m("cold") / 1000).toFixed(1)} s   (target ≤ 60 s)`);
  console.log(`  warm restart (vectors read back from SQLite): ${(m("warm") / 1000).toFixed(2)} s   (target ≤ 3 s)`);
  console.log(`  RSS of this process after a build: ${m("rssAfterBuild").toFixed(0)} MB`);
  console.log(`  model files in the repository: ${(modelBytes / 2 ** 20).toFixed(1)} MB`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
