import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentServer } from "../testing/agents/silent-server";
import { tempDir } from "../testing/factories";
import { fifoTrap } from "../testing/fifo-trap";
import { relay } from "./stdio-relay.mjs";

/*
 * `jev mcp --url`, the relay an agent starts (issue 53): every answer bounded in bytes and time, an error for each
 * request the server cannot answer, gone when stdin closes, and a token file read only when it is the user's own.
 */

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

/** Run the relay in this process against `url`, send `messages`, close stdin; what it wrote. */
async function relayed(url: string, messages: object[], bounds: { timeoutMs?: number; maxBytes?: number } = {}) {
  const input = new PassThrough();
  const out: { id?: number; result?: unknown; error?: { message: string } }[] = [];
  const done = relay({ url, token: "t", input, write: (m) => out.push(m as (typeof out)[number]), graceMs: 5_000, ...bounds });
  for (const m of messages) input.write(`${JSON.stringify(m)}\n`);
  input.end();
  await done;
  return out;
}

describe("the MCP relay's bounds", () => {
  const tmp = tempDir("jev-relay-");
  let huge: http.Server;
  let hugeUrl: string;

  beforeAll(async () => {
    // An answer of 40 MB, sent as fast as the socket takes it.
    huge = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let left = 40;
      const pump = () => {
        while (left > 0) {
          left--;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => huge.listen(0, "127.0.0.1", resolve));
    hugeUrl = `http://127.0.0.1:${(huge.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    huge.close();
    tmp.cleanup();
  });

  it("an answer past the cap is an error for that request, and the rest of it is never read", async () => {
    const before = process.memoryUsage().rss;
    const out = await relayed(hugeUrl, [INIT], { maxBytes: 2 * 1024 * 1024 });
    expect(out).toEqual([{ jsonrpc: "2.0", id: 1, error: { code: -32603, message: expect.stringContaining("answered more than 2 MiB") } }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(30 * 1024 * 1024);
  });

  it("a server that never answers: the request gets an error at the deadline; a notification gets nothing", async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const out = await relayed(silent.url, [INIT, { jsonrpc: "2.0", method: "notifications/initialized" }], { timeoutMs: 400 });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(out).toEqual([{ jsonrpc: "2.0", id: 1, error: { code: -32603, message: expect.stringMatching(/did not answer within 0\.4 s/) } }]);
    } finally {
      await silent.close();
    }
  });

  it("exits when the client closes stdin, even with a call the server never answers", async () => {
    const silent = await silentServer();
    const token = path.join(tmp.dir, "token");
    fs.writeFileSync(token, "t\n", { mode: 0o600 });
    try {
      const child = spawn(process.execPath, [path.resolve("bin/jev.mjs"), "mcp", "--url", silent.url, "--token-file", token], {
        stdio: ["pipe", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.stdin.write(`${JSON.stringify(INIT)}\n`);
      await new Promise((r) => setTimeout(r, 300));
      const closedAt = Date.now();
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(Date.now() - closedAt).toBeLessThan(6_000);
    } finally {
      await silent.close();
    }
  });

  it("a token file that is a link, a FIFO or readable by others is refused in one line (exit 2), nothing hangs", () => {
    const run = (file: string) =>
      spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "mcp", "--url", "http://127.0.0.1:9", "--token-file", file], {
        encoding: "utf8",
        timeout: 10_000,
        input: "",
      });
    const own = path.join(tmp.dir, "own-token");
    fs.writeFileSync(own, "t\n", { mode: 0o600 });
    const link = path.join(tmp.dir, "linked-token");
    fs.symlinkSync(own, link);
    const open = path.join(tmp.dir, "open-token");
    fs.writeFileSync(open, "t\n");
    fs.chmodSync(open, 0o666);
    const fifo = path.join(tmp.dir, "fifo-token");
    const trap = fifoTrap(fifo);
    try {
      for (const [file, said] of [
        [link, /is a link/],
        [open, /can be read by other users \(mode 0666\)/],
        [fifo, /is not a regular file/],
        [path.join(tmp.dir, "missing"), /cannot be read/],
      ] as const) {
        const r = run(file);
        expect(r.status, file).toBe(2);
        expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(said)]);
      }
    } finally {
      trap.dispose();
    }
    expect(run(own).status).toBe(0); // stdin already closed: it relays nothing and ends
  });
});
