/**
 * Catalog discovery on the real 885-skill catalog laid out as skill folders.
 * Prints the median of several runs: cold (empty caches), unchanged-tree
 * repeat, and a baseline measured in the same run — a plain recursive walk that
 * reads every SKILL.md with gray-matter and no caching (what a naive reader does
 * on every turn). Also the longest the event loop was held during a cold
 * read (the walk and reads are asynchronous, so other requests are answered
 * meanwhile; the naive read holds the loop for its whole duration). Targets:
 * cold < 50 ms, repeat < 2 ms, event-loop stall well under the cold time.
 *
 *   node bin/run-ts.mjs bench/discovery.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import matter from "gray-matter";
import { clearDiscoveryCache, discover } from "../lib/catalog/discover";
import { FIXTURES } from "../lib/testing/fixtures";
import { layoutCatalog } from "./support/layout-catalog";
import { fmt, median, timeMs } from "./support/stats";

const RUNS = 7;
const REPEATS = 200;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-discovery-"));
const root = path.join(dir, "skills");
const n = layoutCatalog(FIXTURES.publicSkills, root);
const uniqueNames = new Set(
  fs
    .readFileSync(FIXTURES.publicSkills, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l).name),
).size;

function naiveRead(folder: string): number {
  let found = 0;
  for (const e of fs.readdirSync(folder, { withFileTypes: true })) {
    const p = path.join(folder, e.name);
    if (e.isDirectory()) found += naiveRead(p);
    else if (e.name === "SKILL.md") {
      matter(fs.readFileSync(p, "utf8"), { cache: false } as never);
      found++;
    }
  }
  return found;
}

/** The longest gap between 1 ms timer ticks while `fn` runs: how long the event loop was held. */
async function longestStall(fn: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await fn();
  clearInterval(timer);
  return Math.max(longest, performance.now() - last);
}

const cold: number[] = [];
const stalls: number[] = [];
const repeat: number[] = [];
const baseline: number[] = [];
for (let run = 0; run < RUNS; run++) {
  baseline.push(await timeMs(() => naiveRead(root)));
  clearDiscoveryCache();
  cold.push(await timeMs(() => discover([root])));
  if ((await discover([root])).skills.length !== uniqueNames) throw new Error(`expected ${uniqueNames} skills`);
  clearDiscoveryCache();
  stalls.push(await longestStall(() => discover([root])));
  await new Promise((r) => setTimeout(r, 50)); // let the change watch settle, as between turns
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) times.push(await timeMs(() => discover([root])));
  repeat.push(median(times));
}
clearDiscoveryCache();
fs.rmSync(dir, { recursive: true, force: true });

const m = { cold: median(cold), repeat: median(repeat), baseline: median(baseline), stall: median(stalls) };
console.log(`discovery of ${n} skill folders, ${uniqueNames} unique names (median of ${RUNS} runs)`);
console.log(`  cold:                      ${fmt(m.cold)}   (target < 50 ms)`);
console.log(`  unchanged-tree repeat:     ${fmt(m.repeat)}   (target < 2 ms)`);
console.log(`  event loop held at most:   ${fmt(m.stall)} during a cold read (the naive read holds it throughout)`);
console.log(`  baseline naive read:       ${fmt(m.baseline)}`);
console.log(`  cold vs baseline:          ${(m.cold / m.baseline).toFixed(2)}x   repeat vs baseline: ${(m.repeat / m.baseline).toFixed(4)}x`);
