/**
 * MCP's pick_skill against POST /api/pick-skill on the same turns in one run (issue 45): the real 885-skill catalog
 * as a Hermes home, the built server on loopback, and four ways to ask, each turn asked every way in turn:
 *   api        POST /api/pick-skill, a keep-alive connection (the baseline)
 *   mcp-http   the SDK's client, Streamable HTTP to POST /api/mcp on the same server
 *   mcp-stdio  the SDK's client, `jev mcp` started as a client starts it (its own process, the same database)
 *   mcp-relay  the SDK's client, `jev mcp --url` relaying to the server
 * Prints p50 and p99 per way, median over RUNS runs, and each p50 as a ratio of the baseline's. pick_skill also reads
 * the SKILL.md to load and answers it, so its reply is larger than the API's. Needs a build (`npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/mcp.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Pool } from "undici";
import { readCasesFile } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { layoutCatalog } from "./support/layout-catalog";
import { median, percentile } from "./support/stats";

const PORT = Number(process.env.BENCH_PORT || 3342);
const TOKEN = "bench-mcp-token";
const RUNS = 5;
const TURNS = 200;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-mcp-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
layoutCatalog(FIXTURES.publicSkills, path.join(env.HERMES_HOME, "skills"));
const turns = readCasesFile(FIXTURES.metatoolCases)
  .map((c) => c.turn)
  .slice(0, TURNS);
prepareDb(env);
const server = await startServer(PORT, env);
const base = `http://127.0.0.1:${PORT}`;

type Ask = (turn: string) => Promise<void>;

async function mcpClient(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: "jev-bench", version: "1" });
  await client.connect(transport);
  return client;
}
const stdio = (args: string[]) =>
  new StdioClientTransport({
    command: process.execPath,
    args: [path.resolve("bin/jev.mjs"), "mcp", ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "ignore",
  });

const pool = new Pool(base, { connections: 1 });
const clients = {
  "mcp-http": await mcpClient(
    new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
  ),
  "mcp-stdio": await mcpClient(stdio([])),
  "mcp-relay": await mcpClient(stdio(["--url", base])),
};
const viaMcp =
  (client: Client): Ask =>
  async (turn) => {
    const reply = await client.callTool({ name: "pick_skill", arguments: { turn } });
    if (reply.isError) throw new Error("pick_skill failed");
  };
const ways: Record<string, Ask> = {
  api: async (turn) => {
    const res = await pool.request({
      path: "/api/pick-skill",
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ turn }),
    });
    if (res.statusCode !== 200) throw new Error(`pick-skill answered ${res.statusCode}`);
    await res.body.text();
  },
  "mcp-http": viaMcp(clients["mcp-http"]),
  "mcp-stdio": viaMcp(clients["mcp-stdio"]),
  "mcp-relay": viaMcp(clients["mcp-relay"]),
};

try {
  // One pass unmeasured: every process builds its index and warms its caches.
  for (const turn of turns.slice(0, 20)) for (const ask of Object.values(ways)) await ask(turn);
  const runs = new Map<string, { p50: number[]; p99: number[] }>(Object.keys(ways).map((w) => [w, { p50: [], p99: [] }]));
  for (let run = 0; run < RUNS; run++) {
    const times = new Map<string, number[]>(Object.keys(ways).map((w) => [w, []]));
    for (const turn of turns)
      for (const [way, ask] of Object.entries(ways)) {
        const t = performance.now();
        await ask(turn);
        times.get(way)!.push(performance.now() - t);
      }
    for (const [way, ms] of times) {
      runs.get(way)!.p50.push(percentile(ms, 50));
      runs.get(way)!.p99.push(percentile(ms, 99));
    }
  }
  const baseline = median(runs.get("api")!.p50);
  console.log(`pick_skill over MCP against POST /api/pick-skill: ${turns.length} MetaTool turns each way, 885-skill catalog, median of ${RUNS} runs`);
  for (const [way, r] of runs) {
    const p50 = median(r.p50);
    console.log(`  ${way.padEnd(10)} p50 ${p50.toFixed(2)} ms  p99 ${median(r.p99).toFixed(2)} ms  p50 ×${(p50 / baseline).toFixed(2)} of api`);
  }
} finally {
  for (const client of Object.values(clients)) await client.close().catch(() => {});
  await pool.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
