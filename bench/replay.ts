/**
 * The replay harness (lib/replay, `jev replay`) on synthetic logs
 * (lib/replay/synthetic-log.ts, deterministic):
 *  - a week the size of the reference one (about 1,200 suggestions), in process: target < 50 ms;
 *  - one million events (400 skills, 60,000 sessions, 30 days) through `jev replay --json`,
 *    wall time and peak RSS from /usr/bin/time: targets < 3 s and < 300 MB. Baseline in the
 *    same run: `jev --help` (Node, the TypeScript loader and the CLI, nothing replayed);
 *  - a 50-point sweep over that log (parsed once): target < 30 s;
 *  - that log uploaded to POST /api/replay on the real server (needs a build): < 10 s, server RSS < 400 MB;
 *  - whether a long run holds the server up: GET /api/health latency while the server sweeps
 *    10 points over that log, against the same requests with the server idle.
 * Median of several runs.
 *
 *   node bin/run-ts.mjs bench/replay.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { replayLine } from "../lib/replay/log-line";
import { readReplayLog } from "../lib/replay/read-log";
import { runReplay } from "../lib/replay/run-replay";
import { syntheticLog } from "../lib/replay/synthetic-log";
import { DEFAULT_RULES } from "../lib/rules/config";
import { prepareDb, rssMb, startServer } from "../lib/testing/server-process";
import { fmt, median } from "./support/stats";

const RUNS = 5;
const START = Date.parse("2026-10-01T00:00:00Z");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-replay-"));
const jev = path.resolve(import.meta.dirname, "../bin/jev.mjs");

// A reference-sized week, in process.
const week = [...syntheticLog({ events: 1_400, skills: 120, sessions: 400, days: 7, start: START })].map(replayLine);
const weekTimes: number[] = [];
let weekReport: ReturnType<typeof runReplay> | undefined;
for (let run = 0; run < RUNS * 4; run++) {
  const t = performance.now();
  const { events, badLines } = await readReplayLog(week);
  weekReport = runReplay(events, DEFAULT_RULES, badLines);
  weekTimes.push(performance.now() - t);
}

// A million events, through the CLI.
const bigLog = path.join(dir, "month.jsonl");
const out = fs.createWriteStream(bigLog);
for (const e of syntheticLog({ events: 1_000_000, skills: 400, sessions: 60_000, days: 30, start: START })) {
  if (!out.write(`${replayLine(e)}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
}
await new Promise<void>((r) => out.end(() => r()));

function timed(args: string[]): { seconds: number; rssMb: number; stdout: string } {
  const stdout = execFileSync("/usr/bin/time", ["-f", "%e %M", "-o", path.join(dir, "time.txt"), process.execPath, jev, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  const [seconds, kb] = fs.readFileSync(path.join(dir, "time.txt"), "utf8").trim().split(/\s+/).map(Number);
  return { seconds, rssMb: kb / 1024, stdout };
}
const help = Array.from({ length: RUNS }, () => timed(["--help"]));
const big = Array.from({ length: RUNS }, () => timed(["replay", "--log", bigLog, "--json"]));
const report = JSON.parse(big[0].stdout);
// A 50-point sweep over the same million events: parsed once, replayed 50 times.
const grid = path.join(dir, "grid.json");
fs.writeFileSync(grid, JSON.stringify({ min_suggestions: [3, 5, 8, 12, 20], max_load_ratio: [0.05, 0.1, 0.2, 0.3, 0.5], dedup_loaded: [true, false] }));
const sweep = timed(["replay", "--log", bigLog, "--sweep", grid, "--json"]);
const sweepPoints = JSON.parse(sweep.stdout).points as { frontier: boolean }[];
// The same million events uploaded to POST /api/replay on a server of its own (needs a build).
const serverEnv = { JEV_DB: path.join(dir, "server.db"), JEV_API_TOKEN: "bench-replay-token", HERMES_HOME: path.join(dir, "hermes"), HOME: dir };
prepareDb(serverEnv);
const server = await startServer(Number(process.env.BENCH_PORT || 3295), serverEnv);
let serverPeakRss = rssMb(server.pid);
const sampler = setInterval(() => {
  serverPeakRss = Math.max(serverPeakRss, rssMb(server.pid));
}, 50);
const uploadStarted = performance.now();
const uploaded = await request(`http://127.0.0.1:${server.port}/api/replay`, {
  method: "POST",
  headers: { authorization: "Bearer bench-replay-token", "content-type": "application/x-ndjson" },
  body: fs.createReadStream(bigLog),
  headersTimeout: 120_000,
  bodyTimeout: 120_000,
});
const uploadedRun = (await uploaded.body.json()) as { report: { events: number } };
const uploadSeconds = (performance.now() - uploadStarted) / 1000;
if (uploaded.statusCode !== 201) throw new Error(`POST /api/replay answered ${uploaded.statusCode}`);

// Does a long run hold the server up? GET /api/health answered every 50 ms with the server idle, then while it sweeps 10 points over the million events.
async function healthLatencies(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    await (await request(`http://127.0.0.1:${server.port}/api/health`)).body.text();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times.sort((a, b) => a - b);
}
const idleUntil = performance.now() + 5_000;
const idle = await healthLatencies(() => performance.now() > idleUntil);
let swept = false;
const sweepGrid = encodeURIComponent(JSON.stringify({ min_suggestions: [3, 5, 8, 12, 20], dedup_loaded: [true, false] }));
const serverSweepStarted = performance.now();
const serverSweep = request(`http://127.0.0.1:${server.port}/api/replay?sweep=${sweepGrid}`, {
  method: "POST",
  headers: { authorization: "Bearer bench-replay-token", "content-type": "application/x-ndjson" },
  body: fs.createReadStream(bigLog),
  headersTimeout: 300_000,
  bodyTimeout: 300_000,
}).then(async (r) => {
  await r.body.text();
  swept = true;
  if (r.statusCode !== 201) throw new Error(`POST /api/replay?sweep= answered ${r.statusCode}`);
});
const busy = await healthLatencies(() => swept);
await serverSweep;
const serverSweepSeconds = (performance.now() - serverSweepStarted) / 1000;
clearInterval(sampler);
await server.kill("SIGTERM");
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
fs.rmSync(dir, { recursive: true, force: true });

console.log(`replay harness (median of ${RUNS} runs; synthetic logs, lib/replay/synthetic-log.ts)`);
console.log(
  `  reference-sized week: ${weekReport?.recorded.suggestions} suggestions -> ${weekReport?.replayed.suggestions}, in process: ${fmt(median(weekTimes))}   (target < 50 ms)`,
);
console.log(
  `  1M events (${report.events} read, ${report.recorded.suggestions} suggestions, ${report.skills.length} skills): jev replay --json ${median(big.map((r) => r.seconds)).toFixed(2)} s wall, peak RSS ${median(big.map((r) => r.rssMb)).toFixed(0)} MB   (targets < 3 s, < 300 MB)`,
);
console.log(
  `  ${sweepPoints.length}-point sweep over the 1M events: ${sweep.seconds.toFixed(1)} s wall, peak RSS ${sweep.rssMb.toFixed(0)} MB, ${sweepPoints.filter((p) => p.frontier).length} points on the frontier   (target < 30 s)`,
);
console.log(
  `  POST /api/replay of the 1M events (${uploadedRun.report.events} read): ${uploadSeconds.toFixed(1)} s, server peak RSS ${serverPeakRss.toFixed(0)} MB   (targets < 10 s, < 400 MB)`,
);
console.log(
  `  while the server sweeps 10 points over the 1M events (${serverSweepSeconds.toFixed(1)} s): GET /api/health p50 ${fmt(q(busy, 0.5))}, p99 ${fmt(q(busy, 0.99))}, max ${fmt(busy[busy.length - 1])} (${busy.length} requests); idle baseline p50 ${fmt(q(idle, 0.5))}, p99 ${fmt(q(idle, 0.99))}, max ${fmt(idle[idle.length - 1])}`,
);
console.log(`  baseline jev --help: ${median(help.map((r) => r.seconds)).toFixed(2)} s, ${median(help.map((r) => r.rssMb)).toFixed(0)} MB`);
console.log(
  `  the month replayed: load rate ${(report.recorded.load_rate * 100).toFixed(1)}% -> ${(report.replayed.load_rate * 100).toFixed(1)}%, removed ${report.removed.duplicates} duplicates and ${report.removed.rejected} rejected, ${report.removed.loads_lost} loads lost`,
);
