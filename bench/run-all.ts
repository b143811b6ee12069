/**
 * Every benchmark, one after the other (`npm run bench`). The decision-log
 * benchmark builds a 1M-decision SQLite file in bench/out/ on its first run
 * (about 4 minutes); the HTTP benchmark needs a build (`npm start` makes one).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const benches = [
  "discovery.ts",
  "pick-skill.ts",
  "entry-skills.ts",
  "remote-judge.ts",
  "secrets.ts",
  "replay.ts",
  "suppression.ts",
  "curator.ts",
  "overlaps.ts",
  "body-quality.ts",
  "decision-quality.ts",
  "ranking-fields.ts",
  "offer-line.ts",
  "trigger-evals.ts",
  "cli.ts",
  "decision-log.ts",
  "http.ts",
  "mcp.ts",
  "mcp-initialize.ts",
  "agent-integrations.ts",
  "fleet.ts",
  "db-copy.ts",
  "fuzz.ts",
];
const runner = path.resolve(import.meta.dirname, "../bin/run-ts.mjs");
let failed = 0;
for (const bench of benches) {
  console.log(`\n== bench/${bench}`);
  const r = spawnSync(process.execPath, [runner, path.join(import.meta.dirname, bench)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
