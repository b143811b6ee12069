/**
 * POST /api/pick-skill on `next start` over loopback, with the real 885-skill
 * catalog as a Hermes home. Prints, median of several runs: latency p50/p99 at
 * concurrency 1, throughput at concurrency 16, and the server's RSS (process
 * tree, from /proc). Baseline in the same run: GET /api/health, the cheapest
 * route through the same server. With BENCH_BASELINE_APP=<another checkout,
 * built>, that version is measured the same way right after, for a
 * before/after ratio. Every decision is logged with its candidates, as in
 * production. The server runs twice: the lexical judge alone (JEV_ENCODER=off), then with the sentence encoder once its
 * vectors are built. Targets: lexical p50 < 15 ms (c=1), ≥ 500 req/s (c=16), RSS < 250 MB; with the encoder
 * ≥ 250 req/s at c=16 and RSS ≤ 400 MB.
 * Needs a build (`npm run build`; `npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/http.ts
 *   BENCH_BASELINE_APP=/tmp/jev-old node bin/run-ts.mjs bench/http.ts
 */
import { type ChildProcess, spawn } from "node:child_process";
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

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-http-"));
layoutCatalog(FIXTURES.publicSkills, path.join(dir, "hermes", "skills"));
const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);

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

/** `paired`: each run's pick-skill throughput over the health throughput measured right after it (this machine's speed drifts between runs). */
type Figures = Record<"p50" | "p99" | "rps" | "hp50" | "hrps" | "paired" | "rss" | "launcherRss", number>;

/** Start `appDir` exactly as `npm start` does (same script, same Node flags), on a fresh DB, and measure it. */
async function measure(appDir: string, label: string, extraEnv: Record<string, string> = {}): Promise<Figures> {
  const dbFile = path.join(dir, `${label}.db`);
  const server: ChildProcess = spawn(process.execPath, [path.join(appDir, "scripts/start.mjs")], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      JEV_DB: dbFile,
      JEV_API_TOKEN: TOKEN,
      HERMES_HOME: path.join(dir, "hermes"),
      NEXT_TELEMETRY_DISABLED: "1",
      HOME: dir,
      ...extraEnv,
    },
    stdio: "ignore",
  });
  const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: 16, pipelining: 1 });
  let sent = 0;
  const post = async (turn: string, session: number) => {
    sent++;
    const res = await pool.request({
      path: "/api/pick-skill",
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ turn, session_id: `bench-${session % 500}` }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 || !text.startsWith('{"status":')) throw new Error(`bad reply ${res.statusCode}`);
  };
  const health = async () => {
    const res = await pool.request({ path: "/api/health", method: "GET" });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`health ${res.statusCode}`);
  };
  try {
    for (let i = 0; ; i++) {
      try {
        await health();
        break;
      } catch {
        if (i > 1200) throw new Error(`${label}: server did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // The sentence encoder builds the skills' vectors in the background: measure the judge it becomes.
    for (let i = 0; ; i++) {
      const res = await pool.request({ path: "/api/health", method: "GET" });
      const { encoder } = (await res.body.json()) as { encoder?: string };
      if (encoder === undefined || encoder === "ready" || encoder === "off") break;
      if (encoder === "failed" || i > 1800) throw new Error(`${label}: the encoder is ${encoder}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await latencies(200, (i) => post(turns[i % turns.length], i)); // warm: catalog, index, JIT
    const r: Record<keyof Figures, number[]> = { p50: [], p99: [], rps: [], hp50: [], hrps: [], paired: [], rss: [], launcherRss: [] };
    for (let run = 0; run < RUNS; run++) {
      const lat = await latencies(C1_REQUESTS, (i) => post(turns[(run * C1_REQUESTS + i) % turns.length], i));
      r.p50.push(percentile(lat, 50));
      r.p99.push(percentile(lat, 99));
      r.hp50.push(percentile(await latencies(C1_REQUESTS, () => health()), 50));
      r.rps.push(await throughput(16, C16_SECONDS, (i) => post(turns[i % turns.length], i)));
      r.rss.push(treeRssMb(server.pid!) - rssMb(server.pid!)); // the server proper: the launcher's descendants
      r.launcherRss.push(rssMb(server.pid!));
      r.hrps.push(await throughput(16, C16_SECONDS, () => health()));
      r.paired.push(r.rps[run] / r.hrps[run]);
    }
    // A server that fails to log is faster and wrong: count what it logged.
    const summary = await pool.request({ path: "/api/decisions/summary", method: "GET", headers: { authorization: `Bearer ${TOKEN}` } });
    const logged = ((await summary.body.json()) as { total: number }).total;
    if (logged < sent) throw new Error(`${label}: ${sent} decisions asked for, ${logged} logged`);
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, median(v)])) as Figures;
  } finally {
    await pool.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

function report(label: string, m: Figures): void {
  console.log(`${label}: POST /api/pick-skill on next start, 885-skill Hermes home (median of ${RUNS} runs)`);
  console.log(`  c=1:  p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms   (target p50 < 15 ms)`);
  console.log(`  c=16: ${m.rps.toFixed(0)} req/s   (target >= 500)`);
  console.log(`  server RSS after load: ${m.rss.toFixed(0)} MB   (target < 250 MB; the next-server process tree)`);
  console.log(`  launcher (scripts/start.mjs) RSS: ${m.launcherRss.toFixed(0)} MB`);
  console.log(`  baseline GET /api/health: p50 ${m.hp50.toFixed(2)} ms, ${m.hrps.toFixed(0)} req/s at c=16`);
  console.log(
    `  pick-skill vs health: p50 ${(m.p50 / m.hp50).toFixed(2)}x, throughput ${(m.rps / m.hrps).toFixed(2)}x (median of each run's own ratio: ${m.paired.toFixed(2)}x)`,
  );
}

try {
  const here = path.resolve(import.meta.dirname, "..");
  // The lexical judge alone first (the baseline in the same run), then as users get it: with the sentence encoder.
  const lexical = await measure(here, "lexical", { JEV_ENCODER: "off" });
  report("this checkout, lexical judge alone (JEV_ENCODER=off)", lexical);
  const current = await measure(here, "this-checkout", { JEV_ENCODER: "on" });
  report("this checkout, local judge with its sentence encoder", current);
  console.log(
    `encoder on vs off: c=1 p50 ${(current.p50 / lexical.p50).toFixed(2)}x, c=16 throughput ${(current.rps / lexical.rps).toFixed(2)}x, RSS +${(current.rss - lexical.rss).toFixed(0)} MB`,
  );
  const baselineApp = process.env.BENCH_BASELINE_APP;
  if (baselineApp) {
    const before = await measure(path.resolve(baselineApp), "baseline");
    report(`baseline (${baselineApp})`, before);
    const ratio = (x: Figures) => x.rps / x.hrps;
    console.log(
      `before/after, each against its own health route: throughput ratio ${ratio(before).toFixed(2)} -> ${ratio(current).toFixed(2)}; req/s ${before.rps.toFixed(0)} -> ${current.rps.toFixed(0)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
