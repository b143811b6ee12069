/**
 * The remote judge against an OpenAI-compatible server on loopback (issue:
 * remote judges), 377 skills (4 stage-1 batches), every turn reaching stage 2.
 * The judge server runs in a process of its own (bench/support/judge-server-process.ts).
 *  - engine overhead: a whole turn against a server that answers at once
 *    (plain HTTP): the engine, the HTTP client and loopback, an upper bound
 *    of what jev adds to a real judge's latency; target p50 < 5 ms;
 *  - pooling: 100 consecutive turns with the keep-alive pool, then with a
 *    connection per request, in the same run, over HTTPS (a self-signed
 *    certificate made with openssl for the run), the server taking 20 ms per
 *    request to stand for a model: connections opened (target <= 4 vs 500)
 *    and the wall-time ratio;
 *  - routing + skill selection, separate and merged (selection spec §9):
 *    requests per turn and the wall-time ratio, on one batch of skills and
 *    on 377, with the same tiers both ways;
 *  - a failing judge: 10 turns over the whole catalog (881 skills, 8 batches)
 *    over HTTPS, one batch of each answered at once with text that is not
 *    scores, the others 20 ms later: each turn fails open, and the batches
 *    still out finish with their bodies read, so their connections go back
 *    to the pool. Connections opened (target <= 16), against 10 turns of a
 *    healthy judge on the same catalog in the same run.
 *
 *   node bin/run-ts.mjs bench/remote-judge.ts
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { SkillCard } from "../lib/catalog/types";
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { readCatalogFile } from "../lib/eval/formats";
import { closeJudgePools } from "../lib/judges/remote/http-pool";
import { OpenAiJudge } from "../lib/judges/remote/openai-judge";
import { routeFrom, routeTurn } from "../lib/routing/route-turn";
import { DEFAULT_ROUTING } from "../lib/routing/routing-config";
import { FIXTURES } from "../lib/testing/fixtures";
import { LIMITS } from "../lib/vocab/limits";
import { fmt, median, percentile } from "./support/stats";

const here = import.meta.dirname;
const runTs = path.resolve(here, "../bin/run-ts.mjs");
const out = path.join(here, "out", "tls");

// The TLS certificate must be trusted when this process starts: make it, then run the measurements in a child that trusts it.
if (!process.env.JEV_BENCH_CERT) {
  fs.mkdirSync(out, { recursive: true });
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ].concat(["-keyout", path.join(out, "key.pem"), "-out", path.join(out, "cert.pem")]),
    { stdio: "ignore" },
  );
  if (made.status !== 0) throw new Error("openssl could not make the benchmark's certificate");
  const cert = path.join(out, "cert.pem");
  const child = spawnSync(process.execPath, [runTs, path.join(here, "remote-judge.ts")], {
    stdio: "inherit",
    env: { ...process.env, JEV_BENCH_CERT: cert, NODE_EXTRA_CA_CERTS: cert },
  });
  process.exit(child.status ?? 1);
}

/** A judge server process; resolves with its URL and a way to read its connection count. */
async function serverProcess(args: string[]): Promise<{ url: string; counts: () => Promise<{ connections: number; handledMs: number[] }>; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, [runTs, path.join(here, "support", "judge-server-process.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  let buffered = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf("\n"); at >= 0; at = buffered.indexOf("\n")) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (waiting) {
        const w = waiting;
        waiting = null;
        w(line);
      } else lines.push(line);
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve) => {
      if (lines.length) resolve(lines.shift() as string);
      else waiting = resolve;
    });
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url,
    counts: async () => {
      child.kill("SIGUSR2");
      return JSON.parse(await nextLine()) as { connections: number; handledMs: number[] };
    },
    stop: () => child.kill("SIGTERM"),
  };
}

const whole: SkillCard[] = readCatalogFile(FIXTURES.publicSkillBodies).map(({ name, description, path: p }) => ({ name, description, path: p }));
const catalog = whole.slice(0, 377);
const target = catalog[200];
const turn = `please help: ${target.name.replaceAll("-", " ")} for this project`;
const judgeAt = (url: string, noReuse = false) =>
  new OpenAiJudge({ endpoint: new URL(`${url}/chat/completions`), model: "bench", requestTimeoutMs: 5_000, turnDeadlineMs: 10_000 }, { noReuse });

async function turns(judge: OpenAiJudge, count: number): Promise<{ wall: number; perTurn: number[]; requests: number; connections: number }> {
  const perTurn: number[] = [];
  let requests = 0;
  let connections = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const { reply, record } = await pickSkill({ turn }, { catalog, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() });
    perTurn.push(performance.now() - t);
    requests += record.requests;
    connections += record.connections;
    if (reply.status !== "ok" || reply.skills[0]?.name !== target.name) throw new Error("the bench turn should find its skill");
  }
  return { wall: performance.now() - started, perTurn, requests, connections };
}

// Engine overhead: plain HTTP, a server that answers at once.
const fast = await serverProcess([]);
await turns(judgeAt(fast.url), 30); // warm: JIT, pool
const before = (await fast.counts()).handledMs.length;
const overhead = await turns(judgeAt(fast.url), 300);
// The server's own time on each turn's critical path (its slowest stage-1 batch, then stage 2), taken off the turn's.
const handled = (await fast.counts()).handledMs.slice(before);
const engineMs = overhead.perTurn.map((ms, t) => ms - Math.max(...handled.slice(5 * t, 5 * t + 4)) - handled[5 * t + 4]);
fast.stop();
await closeJudgePools();

// Pooling over HTTPS, 20 ms per request at the server.
const MODEL_MS = 20;
const pooled: { wall: number; connections: number; requests: number }[] = [];
const unpooled: { wall: number; connections: number; requests: number }[] = [];
for (let r = 0; r < 3; r++) {
  for (const noReuse of [false, true]) {
    const server = await serverProcess(["--delay", String(MODEL_MS), "--tls", path.join(out, "key.pem"), path.join(out, "cert.pem")]);
    const run = await turns(judgeAt(server.url, noReuse), 100);
    const { connections } = await server.counts();
    (noReuse ? unpooled : pooled).push({ wall: run.wall, connections, requests: run.requests });
    server.stop();
    await closeJudgePools();
  }
}

// Routing with selection, merged or not: 100 turns each way on a catalog of one batch (3 requests → 2) and on 377 skills (6 → 5).
async function routed(skills: SkillCard[], merge: boolean, url: string): Promise<{ wall: number; requests: number; tiers: string[] }> {
  const judge = judgeAt(url);
  const tiers: string[] = [];
  let requests = 0;
  const started = performance.now();
  for (let i = 0; i < 100; i++) {
    const decision = await pickSkill(
      { turn, mergeRouting: merge },
      { catalog: skills, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() },
    );
    const route = decision.routing ? routeFrom(decision.routing, "merged", DEFAULT_ROUTING) : await routeTurn(turn, judge, DEFAULT_ROUTING);
    requests += decision.record.requests + route.requests;
    tiers.push(route.status === "ok" ? route.tier : "fail_open");
  }
  return { wall: performance.now() - started, requests, tiers };
}
const routing: { skills: number; split: { wall: number; requests: number }; merged: { wall: number; requests: number } }[] = [];
{
  const server = await serverProcess(["--delay", String(MODEL_MS), "--tls", path.join(out, "key.pem"), path.join(out, "cert.pem")]);
  const small = [...catalog.slice(0, 99), target];
  for (const skills of [small, catalog]) {
    const split: number[] = [];
    const merged: number[] = [];
    let splitRun = { wall: 0, requests: 0, tiers: [] as string[] };
    let mergedRun = splitRun;
    for (let r = 0; r < 3; r++) {
      splitRun = await routed(skills, false, server.url);
      mergedRun = await routed(skills, true, server.url);
      split.push(splitRun.wall);
      merged.push(mergedRun.wall);
    }
    if (splitRun.tiers.join() !== mergedRun.tiers.join()) throw new Error("merged and split routing must decide the same tiers");
    routing.push({
      skills: skills.length,
      split: { wall: median(split), requests: splitRun.requests / 100 },
      merged: { wall: median(merged), requests: mergedRun.requests / 100 },
    });
  }
  server.stop();
  await closeJudgePools();
}

// A failing judge: one stage-1 batch of every turn answers garbage at once. The agent's next turn comes
// after its model has answered (seconds later); 100 ms stands for it, past the other batches' 20 ms.
const wholeBatches = Math.ceil(whole.length / LIMITS.batchSize);
const wholeTurn = `please help: ${whole[600].name.replaceAll("-", " ")} for this project`;
/** Connections opened over 10 turns of the whole catalog; with `garbage`, one stage-1 batch of each turn fails. */
async function connectionsOverTenTurns(garbage: boolean): Promise<number> {
  const server = await serverProcess(
    ["--delay", String(MODEL_MS), "--tls", path.join(out, "key.pem"), path.join(out, "cert.pem")].concat(garbage ? ["--garbage-for", whole[0].name] : []),
  );
  const judge = judgeAt(server.url);
  for (let i = 0; i < 10; i++) {
    const { reply } = await pickSkill({ turn: wholeTurn }, { catalog: whole, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() });
    const expected = garbage ? reply.status === "fail_open" && reply.reason === "stage_one_incomplete" : reply.status === "ok";
    if (!expected) throw new Error(`the failing-judge turn should ${garbage ? "fail open" : "answer"}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { connections, handledMs } = await server.counts();
  if (garbage && handledMs.length !== 10 * wholeBatches) throw new Error("every stage-1 batch of a failing turn should reach the server");
  server.stop();
  await closeJudgePools();
  return connections;
}
const failing: number[] = [];
const healthy: number[] = [];
for (let r = 0; r < 3; r++) {
  failing.push(await connectionsOverTenTurns(true));
  healthy.push(await connectionsOverTenTurns(false));
}

const wall = (runs: { wall: number }[]) => median(runs.map((r) => r.wall));
console.log(`remote judge on loopback, ${catalog.length} skills (4 stage-1 batches + stage 2 per turn), the judge server in its own process`);
console.log(
  `  engine overhead, 300 turns against a server that answers at once: p50 ${fmt(percentile(engineMs, 50))}, p99 ${fmt(percentile(engineMs, 99))} per turn on top of the server's own time (target p50 < 5 ms); whole turn p50 ${fmt(percentile(overhead.perTurn, 50))}; ${overhead.requests / 300} requests per turn`,
);
console.log(`  pooling over HTTPS, 100 consecutive turns (${pooled[0].requests} requests), ${MODEL_MS} ms per request at the server, median of 3 runs each:`);
console.log(`    keep-alive pool: ${(wall(pooled) / 1000).toFixed(2)} s, connections opened ${pooled.map((r) => r.connections).join(", ")}   (target <= 4)`);
console.log(`    a connection per request: ${(wall(unpooled) / 1000).toFixed(2)} s, connections opened ${unpooled.map((r) => r.connections).join(", ")}`);
console.log(`    wall-time ratio ${(wall(unpooled) / wall(pooled)).toFixed(2)}x`);
console.log(`  routing + skill selection, 100 turns each way over HTTPS, ${MODEL_MS} ms per request, median of 3 (same tiers and skills both ways):`);
for (const r of routing) {
  console.log(
    `    ${r.skills} skills: separate ${r.split.requests} requests per turn, ${(r.split.wall / 100).toFixed(1)} ms per turn; merged ${r.merged.requests} requests, ${(r.merged.wall / 100).toFixed(1)} ms (wall-time ratio ${(r.split.wall / r.merged.wall).toFixed(2)}x)`,
  );
}
console.log(
  `  a failing judge, 10 turns over ${whole.length} skills (${wholeBatches} stage-1 batches) over HTTPS, one batch of each answered with garbage at once, 3 runs:`,
);
console.log(`    connections opened: ${failing.join(", ")} (median ${median(failing)}; target <= 16); a healthy judge, same turns: ${healthy.join(", ")}`);
