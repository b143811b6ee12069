/**
 * What one `jev pick-skill` call costs an agent that shells out per turn: wall
 * time of the whole process on the real 885-skill catalog laid out as skill
 * folders, median of several runs. Baselines in the same run: `node -e 0`
 * (Node's own start) and `jev --help` (start plus the CLI's TypeScript loader,
 * no engine). The README quotes these figures.
 *
 *   node bin/run-ts.mjs bench/cli.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FIXTURES } from "../lib/testing/fixtures";
import { layoutCatalog } from "./support/layout-catalog";
import { fmt, median } from "./support/stats";

const RUNS = 7;
const root = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-cli-"));
const skills = path.join(dir, "skills");
layoutCatalog(FIXTURES.publicSkills, skills);
const env = { ...process.env, JEV_DB: path.join(dir, "jev.db"), HERMES_HOME: path.join(dir, "hermes"), HOME: dir };

function wall(args: string[]): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8" });
    samples.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  }
  return median(samples);
}

try {
  wall([path.join(root, "bin/jev.mjs"), "token"]); // create and migrate the DB once, outside the timings
  const node = wall(["-e", "0"]);
  const help = wall([path.join(root, "bin/jev.mjs"), "--help"]);
  const pick = wall([path.join(root, "bin/jev.mjs"), "pick-skill", "--turn", "merge these PDF files into one report", "--root", skills]);
  console.log(`jev CLI, one process per call, 885-skill catalog (median of ${RUNS} runs)`);
  console.log(`  node -e 0 (baseline):          ${fmt(node)}`);
  console.log(`  jev --help (loader only):      ${fmt(help)}`);
  console.log(`  jev pick-skill --root …:       ${fmt(pick)}   (${(pick / node).toFixed(1)}x Node's start)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
