/**
 * How soon `jev mcp --url` answers a client's `initialize` (issue 53: a client that lists its tools before the relay
 * is up starts the turn without jev's). Each run starts, one after the other:
 *   node      `node -e 0`, start to exit: the floor, a bare Node process
 *   relay     `jev mcp --url` as a client starts it, start to the answer to `initialize` (relayed to the server)
 *   stdio     `jev mcp` alone (no server: this machine's database and config), start to that answer
 * Prints the median of RUNS runs of each and the relay's and stdio's as ratios of node's. The server is jev's own
 * route table on loopback in this process (no build needed); its answer to `initialize` takes a few milliseconds.
 *
 *   node bin/run-ts.mjs bench/mcp-initialize.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeSkill } from "../lib/testing/factories";
import { matchDirectRoute, serveDirect } from "../server/direct-routes";
import { fmt, median } from "./support/stats";

const RUNS = 9;
const TOKEN = "bench-initialize-token";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-init-"));
const env = { HOME: dir, HERMES_HOME: path.join(dir, ".hermes"), JEV_DB: path.join(dir, "jev.db"), JEV_API_TOKEN: TOKEN };
Object.assign(process.env, env);
writeSkill(path.join(env.HERMES_HOME, "skills"), "pdf", "Merge PDF files.");
const tokenFile = path.join(dir, "token");
fs.writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });

const server = http.createServer((req, res) => {
  const match = matchDirectRoute(req.method ?? "", req.url ?? "");
  if (!match) return void res.writeHead(404).end();
  void serveDirect(req, match, res);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
};

/** Start to exit. */
function nodeAlone(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => spawn(process.execPath, ["-e", "0"]).once("exit", () => resolve(performance.now() - started)));
}

/** Start to the first line on stdout after `initialize` is written at once (a client writes it as soon as it spawns). */
function untilInitialized(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.resolve("bin/jev.mjs"), ...args], { env: { ...process.env }, stdio: ["pipe", "pipe", "ignore"] });
  child.stdin.write(`${JSON.stringify(INIT)}\n`);
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (d) => {
      seen += d;
      if (!seen.includes("\n")) return;
      const ms = performance.now() - started;
      if (!seen.includes('"protocolVersion"')) reject(new Error(`not an initialize answer: ${seen.slice(0, 200)}`));
      child.stdin.end();
      child.kill();
      resolve(ms);
    });
  });
}

const times = { node: [] as number[], relay: [] as number[], stdio: [] as number[] };
await untilInitialized(["mcp", "--url", url, "--token-file", tokenFile]); // the server's first MCP request loads its modules
for (let i = 0; i < RUNS; i++) {
  times.node.push(await nodeAlone());
  times.relay.push(await untilInitialized(["mcp", "--url", url, "--token-file", tokenFile]));
  times.stdio.push(await untilInitialized(["mcp"]));
}
const base = median(times.node);
console.log(`jev mcp answering initialize, median of ${RUNS} runs, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}:`);
console.log(`  node -e 0 (start to exit)      ${fmt(base)}`);
console.log(`  jev mcp --url (the relay)      ${fmt(median(times.relay))}  ×${(median(times.relay) / base).toFixed(2)} of node`);
console.log(`  jev mcp (alone, no server)     ${fmt(median(times.stdio))}  ×${(median(times.stdio) / base).toFixed(2)} of node`);
server.close();
fs.rmSync(dir, { recursive: true, force: true });
