/**
 * The fuzz run of the "hostile input" issue, with figures: FUZZ_REQUESTS
 * (default 10,000) generated requests (fast-check; lib/testing/http-fuzz.ts)
 * against the real server (server/serve.ts, as `npm start` runs it) on
 * loopback, CONCURRENCY at a time: valid traffic mixed with every method, bad
 * encodings, huge and deeply nested bodies and hostile roots (`/`, `/proc`, a
 * FIFO, a symlink loop, a link to `/`, a root of 21,000 folders: over the walk budget), a
 * SKILL.md in the Hermes home that links to a FIFO (the Skills and Curator pages walk it),
 * names special to a JavaScript object (`__proto__`, `constructor`…) wherever a
 * name goes, foreign Host headers, and the build's real dashboard changes sent
 * without the token, from another origin, oversized or chunked (none may be
 * carried out: the state file and the database are checked after). Prints problems (5xx, non-JSON API errors,
 * unanswered requests), GET /api/health answering throughout (polled every
 * 250 ms), p50/p99 of the valid requests during the fuzz against the same
 * requests on the idle server (baseline, same run), and the server's peak RSS. Beside the fuzz, a hostile MCP client
 * (bench/support/hostile-mcp.ts) sends, with the token, the MCP requests that cost the most memory, round and round.
 * Needs a build (`npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/fuzz.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { getOrCreate } from "../lib/base/collections";
import { readCasesFile } from "../lib/eval/formats";
import { writeSkill } from "../lib/testing/factories";
import { FIXTURES } from "../lib/testing/fixtures";
import { type FuzzRequest, fuzzRequest, makeHermesHomeTrap, makeTrapRoots, replyProblem, requestHead, validRequest } from "../lib/testing/http-fuzz";
import { rawRequest } from "../lib/testing/raw-http";
import { dashboardActions } from "../lib/testing/server-actions";
import { prepareDb, rssMb, startServer } from "../lib/testing/server-process";
import { hostileMcpBodies, hostileMcpStream } from "./support/hostile-mcp";
import { layoutCatalog } from "./support/layout-catalog";
import { percentile } from "./support/stats";

const PORT = Number(process.env.BENCH_PORT || 3296);
const TOTAL = Number(process.env.FUZZ_REQUESTS || 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 4);
const SEED = Number(process.env.FUZZ_SEED || 20261130);
const TOKEN = "bench-fuzz-token";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-fuzz-"));
const home = path.join(dir, "home");
layoutCatalog(FIXTURES.publicSkills, path.join(dir, "hermes", "skills"));
const goodRoot = path.join(home, "skills");
writeSkill(goodRoot, "pdf", "Read, fill and merge PDF files");
writeSkill(goodRoot, "xlsx", "Build spreadsheets with formulas and charts");
const setup = {
  token: TOKEN,
  turns: readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn),
  trapRoots: makeTrapRoots(home, { wideFolders: 21_000 }),
  goodRoot,
  actions: dashboardActions(),
};
makeHermesHomeTrap(path.join(dir, "hermes")); // a SKILL.md linking to a FIFO, where the curator walks
const stateFile = path.join(dir, "hermes", "jev", "state.json");
const STATE = JSON.stringify({ skill_feedback: "on", plugin_key: "kept" });
fs.mkdirSync(path.dirname(stateFile), { recursive: true });
fs.writeFileSync(stateFile, STATE);
const env = { JEV_DB: path.join(dir, "jev.db"), JEV_API_TOKEN: TOKEN, HERMES_HOME: path.join(dir, "hermes"), HOME: home };
prepareDb(env);
const server = await startServer(PORT, env);

const label = (r: FuzzRequest) => `${r.method} ${r.target.slice(0, 60)}${r.body.length ? ` [${r.body.length} B body]` : ""}`;

async function send(req: FuzzRequest) {
  return rawRequest(PORT, requestHead(req), req.body, 15_000);
}

// Baseline: valid requests alone, on the idle server.
const baselineRequests = fc.sample(validRequest(setup), { numRuns: 500, seed: SEED + 1 });
for (const r of baselineRequests.slice(0, 50)) await send(r); // warm up
const baseline: number[] = [];
for (const r of baselineRequests) baseline.push((await send(r)).ms);

const requests = fc.sample(fuzzRequest(setup), { numRuns: TOTAL, seed: SEED });
const problems = new Map<string, string[]>();
/** Replies by kind of request: how the hostile ones were turned away. */
const statusesOf = new Map<string, Map<number, number>>();
const actionIds = new Set(setup.actions.map((a) => a.id));
const kindOf = (r: FuzzRequest) =>
  actionIds.has(r.headers["next-action"])
    ? "dashboard change"
    : r.headers.host !== undefined
      ? "foreign host"
      : /__proto__|constructor|prototype|toString|hasOwnProperty|valueOf|__defineGetter__|__lookupGetter__|isPrototypeOf/.test(
            r.target + r.body.subarray(0, 2_000).toString("latin1"),
          )
        ? "hostile name"
        : r.kind;
const validMs: number[] = [];
const healthFailures: string[] = [];
let healthPolls = 0;
let peakRss = rssMb(server.pid);
let polling = true;
const poller = (async () => {
  while (polling) {
    const reply = await rawRequest(PORT, "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n", "", 3_000);
    healthPolls++;
    if (reply.status !== 200) healthFailures.push(`${reply.status || "unanswered"} after ${reply.ms.toFixed(0)} ms`);
    peakRss = Math.max(peakRss, rssMb(server.pid));
    await new Promise((r) => setTimeout(r, 250));
  }
})();

const skillNames = fs.readdirSync(path.join(dir, "hermes", "skills")).filter((n) => !n.startsWith("."));
const mcpStream = hostileMcpStream(PORT, TOKEN, hostileMcpBodies(skillNames), () => polling);

let next = 0;
let done = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) {
      const req = requests[next++];
      const reply = await send(req);
      const problem = replyProblem(req, reply);
      const statuses = getOrCreate(statusesOf, kindOf(req), () => new Map<number, number>());
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (problem) problems.set(problem, [...(problems.get(problem) ?? []), label(req)]);
      if (req.kind === "valid" && !problem) validMs.push(reply.ms);
      if (++done % 1000 === 0) console.error(`fuzz: ${done}/${TOTAL} requests, RSS ${rssMb(server.pid).toFixed(0)} MB`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
polling = false;
await poller;
const mcpStatuses = await mcpStream;
await server.kill("SIGTERM");
const db = new Database(env.JEV_DB, { readonly: true });
const changed = [
  fs.readFileSync(stateFile, "utf8") === STATE ? null : "state.json",
  db.prepare("SELECT count(*) FROM decisions WHERE session_id LIKE 'demo-%'").pluck().get() ? "demo loaded" : null,
  db.prepare("SELECT count(*) FROM settings WHERE key LIKE 'agent-switches:%'").pluck().get() ? "agent switches" : null,
  db.prepare("SELECT count(*) FROM replay_runs").pluck().get() ? "replay runs" : null,
].filter(Boolean);
db.close();
fs.rmSync(dir, { recursive: true, force: true });

const hostile = requests.filter((r) => r.kind === "hostile").length;
const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(
  `fuzz: ${TOTAL} generated requests (${hostile} hostile, ${TOTAL - hostile} valid), ${CONCURRENCY} at a time, seed ${SEED}, ${seconds.toFixed(0)} s`,
);
console.log(
  `  problems (5xx, non-JSON API error, unanswered, 405 without Allow, valid request failed): ${[...problems.values()].reduce((n, l) => n + l.length, 0)}`,
);
for (const [problem, reqs] of problems) console.log(`    ${problem}: ${reqs.length}, e.g. ${reqs.slice(0, 3).join(" | ")}`);
for (const [kind, statuses] of [...statusesOf].sort()) {
  const n = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  ${kind}: ${n} requests, answered ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s || "none"}×${c}`)
      .join(" ")}`,
  );
}
console.log(
  `  hostile MCP client alongside: ${[...mcpStatuses.values()].reduce((a, b) => a + b, 0)} requests, answered ${[...mcpStatuses]
    .sort(([a], [b]) => a - b)
    .map(([st, c]) => `${st || "none"}×${c}`)
    .join(" ")}`,
);
console.log(`  dashboard changes carried out without the token: ${changed.length ? changed.join(", ") : "none"}`);
console.log(
  `  GET /api/health polls: ${healthPolls}, failed or unanswered: ${healthFailures.length}${healthFailures.length ? ` (${healthFailures.slice(0, 3).join(", ")})` : ""}`,
);
console.log(`  valid requests during the fuzz: p50 ${ms(percentile(validMs, 50))}  p99 ${ms(percentile(validMs, 99))}  (n=${validMs.length})`);
console.log(`  baseline, same valid mix on the idle server one at a time: p50 ${ms(percentile(baseline, 50))}  p99 ${ms(percentile(baseline, 99))}`);
console.log(`  ratio p99 fuzz / baseline: ${(percentile(validMs, 99) / percentile(baseline, 99)).toFixed(2)}x`);
console.log(`  server peak RSS: ${peakRss.toFixed(0)} MB   (target < 250 MB)`);
process.exit(problems.size || healthFailures.length || changed.length ? 1 : 0);
