/**
 * POST /api/pick-skill on `next start` over loopback, with the real 885-skill
 * catalog as a Hermes home. Prints, median of several runs: latency p50/p99 at
 * concurrency 1, throughput at concurrency 16, and the server's RSS (process
 * tree, from /proc). Baseline in the same run: GET /api/health, the cheapest
 * route through the same server. Targets: p50 < 15 ms (c=1), ≥ 500 req/s (c=16),
 * RSS < 250 MB. Needs a build (`npm run build`; `npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/http.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { readCasesFile } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { layoutCatalog } from "./support/layout-catalog";
import { median, percentile } from "./support/stats";

const PORT = Number(process.env.BENCH_PORT || 3299);
const TOKEN = "bench-token";
const RUNS = 5;
const C1_REQUESTS = 500;
const C16_SECONDS = 5;
const root = path.resolve(import.meta.dirname, "..");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-http-"));
layoutCatalog(FIXTURES.publicSkills, path.join(dir, "hermes", "skills"));
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);

// Started exactly as `npm start` starts it (same script, same Node flags).
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    JEV_DB: path.join(dir, "jev.db"),
    JEV_API_TOKEN: TOKEN,
    HERMES_HOME: path.join(dir, "hermes"),
    NEXT_TELEMETRY_DISABLED: "1",
    HOME: dir,
  },
  stdio: "ignore",
});
const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: 16, pipelining: 1 });

async function post(turn: string): Promise<void> {
  const res = await pool.request({
    path: "/api/pick-skill",
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ turn }),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200 || !text.startsWith('{"status":')) throw new Error(`bad reply ${res.statusCode}`);
}
async function health(): Promise<void> {
  const res = await pool.request({ path: "/api/health", method: "GET" });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`health ${res.statusCode}`);
}

/** RSS in MB of a process and all its descendants. */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(p)]);
    } catch {}
  }
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      kb += Number(fs.readFileSync(`/proc/${p}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]);
    } catch {}
    stack.push(...(children.get(p) ?? []));
  }
  return kb / 1024;
}

function rssMb(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

/** The server proper: what the launcher started, with its descendants. */
function serverRssMb(): number {
  return treeRssMb(server.pid!) - rssMb(server.pid!);
}

async function latencies(n: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

async function throughput(concurrency: number, seconds: number, fn: (i: number) => Promise<void>): Promise<number> {
  let done = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn(next++);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

try {
  for (let i = 0; ; i++) {
    try {
      await health();
      break;
    } catch {
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await latencies(200, (i) => post(turns[i % turns.length])); // warm: catalog, index, JIT
  const r = {
    p50: [] as number[],
    p99: [] as number[],
    rps: [] as number[],
    hp50: [] as number[],
    hrps: [] as number[],
    rss: [] as number[],
    launcherRss: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    const lat = await latencies(C1_REQUESTS, (i) => post(turns[(run * C1_REQUESTS + i) % turns.length]));
    r.p50.push(percentile(lat, 50));
    r.p99.push(percentile(lat, 99));
    r.hp50.push(percentile(await latencies(C1_REQUESTS, () => health()), 50));
    r.rps.push(await throughput(16, C16_SECONDS, (i) => post(turns[i % turns.length])));
    r.rss.push(serverRssMb());
    r.launcherRss.push(rssMb(server.pid!));
    r.hrps.push(await throughput(16, C16_SECONDS, () => health()));
  }
  const m = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, median(v)])) as Record<keyof typeof r, number>;
  console.log(`POST /api/pick-skill on next start, 885-skill Hermes home, local judge (median of ${RUNS} runs)`);
  console.log(`  c=1:  p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms   (target p50 < 15 ms)`);
  console.log(`  c=16: ${m.rps.toFixed(0)} req/s   (target >= 500)`);
  console.log(`  server RSS after load: ${m.rss.toFixed(0)} MB   (target < 250 MB; the next-server process tree)`);
  console.log(`  launcher (scripts/start.mjs) RSS: ${m.launcherRss.toFixed(0)} MB`);
  console.log(`  baseline GET /api/health: p50 ${m.hp50.toFixed(2)} ms, ${m.hrps.toFixed(0)} req/s at c=16`);
  console.log(`  pick-skill vs health: p50 ${(m.p50 / m.hp50).toFixed(2)}x, throughput ${(m.rps / m.hrps).toFixed(2)}x`);
} finally {
  await pool.close();
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
