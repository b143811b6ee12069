/**
 * A fleet's throughput (issue: beyond one machine): POST /api/pick-skill with
 * the real 885-skill catalog, 16 clients at once for a few seconds, against
 *  - one instance on SQLite (the baseline),
 *  - one instance on PostgreSQL,
 *  - three instances on the same PostgreSQL, requests spread round-robin,
 * all started at once and measured in turns, round by round (this machine's
 * speed drifts over minutes, so set-ups measured one after the other would
 * compare different machines), median of RUNS rounds. Every request names a
 * session and reports loads (`feedback: true`), so rule 2's windows are read
 * and every decision is logged with its candidates, as in production. Needs a
 * build (`npm start` makes one) and PostgreSQL's server binaries.
 *
 *   node bin/run-ts.mjs bench/fleet.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { readCasesFile } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { startPostgres } from "../lib/testing/postgres";
import { prepareDb, rssMb, type ServerProcess, startServer } from "../lib/testing/server-process";
import { layoutCatalog } from "./support/layout-catalog";
import { median, percentile } from "./support/stats";

const TOKEN = "bench-fleet-token";
const RUNS = 5;
const SECONDS = 6;
const CLIENTS = 16;
const SQLITE_PORT = 3364;
const POSTGRES_PORT = 3365;
const PORTS = [3361, 3362, 3363];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-fleet-"));
layoutCatalog(FIXTURES.publicSkills, path.join(dir, "hermes", "skills"));
fs.mkdirSync(path.join(dir, "home"), { recursive: true });
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
const baseEnv = { JEV_API_TOKEN: TOKEN, HERMES_HOME: path.join(dir, "hermes"), HOME: path.join(dir, "home") };

/** CLIENTS loops for SECONDS, each request to the next instance in turn: requests per second and latency. */
async function load(ports: number[]): Promise<{ rps: number; p50: number; p99: number }> {
  const pools = ports.map((p) => new Pool(`http://127.0.0.1:${p}`, { connections: CLIENTS }));
  const latencies: number[] = [];
  let sent = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < end) {
        const i = sent++;
        const started = performance.now();
        const res = await pools[i % pools.length].request({
          path: "/api/pick-skill",
          method: "POST",
          headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ turn: turns[i % turns.length], session_id: `bench-${c}-${Math.floor(i / 8)}`, agent: "hermes", feedback: true }),
        });
        await res.body.text();
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  await Promise.all(pools.map((p) => p.close()));
  return { rps: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

interface Setup {
  label: string;
  ports: number[];
  servers: ServerProcess[];
  rounds: { rps: number; p50: number; p99: number }[];
}

/** Prepare a database and start one server per port on it; listed before they start, so the servers that did start are stopped if one fails. */
async function start(label: string, env: Record<string, string>, ports: number[], into: Setup[]): Promise<void> {
  prepareDb(env);
  const setup: Setup = { label, ports, servers: [], rounds: [] };
  into.push(setup);
  for (const port of ports) setup.servers.push(await startServer(port, env, 120_000));
}

const cluster = await startPostgres();
const setups: Setup[] = [];
try {
  await start("1 instance, SQLite", { ...baseEnv, JEV_DB: path.join(dir, "jev.db") }, [SQLITE_PORT], setups);
  await start("1 instance, PostgreSQL", { ...baseEnv, DATABASE_URL: cluster.createDatabase("one") }, [POSTGRES_PORT], setups);
  await start("3 instances, one PostgreSQL", { ...baseEnv, DATABASE_URL: cluster.createDatabase("three") }, PORTS, setups);
  for (const s of setups) await load(s.ports); // warm: indexes built, connections open
  for (let r = 0; r < RUNS; r++) for (const s of setups) s.rounds.push(await load(s.ports));
  const results = setups.map((s) => ({
    label: s.label,
    rps: median(s.rounds.map((x) => x.rps)),
    p50: median(s.rounds.map((x) => x.p50)),
    p99: median(s.rounds.map((x) => x.p99)),
    rss: s.servers.reduce((n, p) => n + rssMb(p.pid), 0),
  }));
  const base = results[0].rps;
  console.log(
    `POST /api/pick-skill, ${CLIENTS} clients, ${SECONDS} s per round, median of ${RUNS} rounds taken in turns, ${os.cpus().length} cores (load generator and database on the same machine)`,
  );
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(28)} ${r.rps.toFixed(0).padStart(5)} req/s (${(r.rps / base).toFixed(2)}x SQLite)   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   servers' RSS ${r.rss.toFixed(0)} MB`,
    );
  }
  for (let r = 0; r < RUNS; r++) console.log(`  round ${r + 1}: ${setups.map((s) => s.rounds[r].rps.toFixed(0)).join(" / ")} req/s`);
} finally {
  for (const s of setups) for (const p of s.servers) await p.kill();
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
