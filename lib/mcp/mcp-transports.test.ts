import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { matchDirectRoute, serveDirect } from "../../server/direct-routes";
import { tempDir, writeSkill } from "../testing/factories";
import { MCP_TOOL_NAMES, PickSkillResult, ReadSkillResult } from "./tools";

/*
 * jev's MCP server driven by the SDK's own client over both transports: Streamable HTTP through the route table's
 * real handler on loopback (the token checked as on every /api route), and stdio through `jev mcp` as a client starts it.
 */

const TOKEN = "mcp-test-token";
const SECRET = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5";
const tmp = tempDir("jev-mcp-");
const home = path.join(tmp.dir, "home");
const hermesHome = path.join(home, ".hermes");
const skills = path.join(hermesHome, "skills");
const dbFile = path.join(tmp.dir, "jev.db");
const env = { HOME: home, HERMES_HOME: hermesHome, JEV_DB: dbFile, JEV_API_TOKEN: TOKEN };

writeSkill(skills, "pdf", "Merge, split, rotate and extract text and tables from PDF files.", {
  body: `\n# PDF\n\nUse pypdf to merge files. Example token (never real): ${SECRET}\nAsk jane@example.org.\n`,
});
writeSkill(skills, "docx", "Create and edit Word documents (.docx) with tracked changes.");
writeSkill(skills, "pptx", "Make PowerPoint slide decks (.pptx): layouts, charts, speaker notes.");

let server: http.Server;
let base: string;

function rows(sql: string): unknown[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}
const mcpDecisions = () => rows("SELECT id FROM decisions WHERE channel = 'mcp'").length;
const feedbackRows = () => rows("SELECT id FROM feedback").length;

async function httpClient(token: string | null = TOKEN): Promise<Client> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const client = new Client({ name: "jev-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers } }));
  return client;
}

function stdioTransport(args: string[] = [], extraEnv: Record<string, string> = {}): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [path.resolve("bin/jev.mjs"), "mcp", ...args],
    env: { ...(process.env as Record<string, string>), ...env, ...extraEnv },
    stderr: "pipe",
  });
}

type ToolReply = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolReply;
/** A tool that carries a SKILL.md answers in text blocks only: its JSON first (checked against its schema), the file after. */
const pickedJson = (reply: ToolReply) => {
  expect(reply.structuredContent).toBeUndefined();
  return PickSkillResult.parse(JSON.parse(reply.content[0].text));
};

beforeAll(async () => {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  server = http.createServer((req, res) => {
    const match = matchDirectRoute(req.method ?? "", req.url ?? "");
    if (!match) return void res.writeHead(404).end();
    void serveDirect(req, match, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
  tmp.cleanup();
});

/** What every transport must answer the same way: the tools, the resources, bad arguments. */
async function sharedChecks(client: Client, session: string) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
  // Clients approve calls by these hints (Codex runs a read-only tool unasked): only report_load writes anything of note.
  expect(
    tools
      .filter((t) => t.annotations?.readOnlyHint)
      .map((t) => t.name)
      .sort(),
  ).toEqual(["list_skills", "pick_skill", "read_skill"]);

  const before = mcpDecisions();
  const picked = await call(client, "pick_skill", { turn: "merge these two PDF files into one", session_id: session });
  expect(picked.isError).toBeFalsy();
  const result = pickedJson(picked);
  expect(result, JSON.stringify(result)).toMatchObject({ status: "ok" });
  expect(result.skills[0]).toMatchObject({ name: "pdf" });
  // The model reads the file once, as it is: the first block is the reply with the text left out, the second the file.
  expect(picked.content).toHaveLength(2);
  expect(result.load).toMatchObject({ name: "pdf", text: "(the next block)" });
  const file = picked.content[1].text;
  expect(file).toMatch(/^Follow the skill "pdf" for this turn\. Its SKILL\.md .*\n\n---\nname: "pdf"/);
  expect(file).toContain("Use pypdf to merge files");
  expect(file).toContain("[SECRET]");
  expect(file).not.toContain(SECRET);
  expect(file).toContain("jane@example.org"); // only credentials are the file's to hide
  expect(mcpDecisions()).toBe(before + 1);

  const none = await call(client, "pick_skill", { turn: "what's the capital of France?" });
  expect(pickedJson(none).load).toBeNull();
  expect(none.content).toHaveLength(1);

  // Bad arguments: a clear error naming the field, and nothing written.
  const decisions = mcpDecisions();
  const feedback = feedbackRows();
  const badTurn = await call(client, "pick_skill", { turn: 42 });
  expect(badTurn.isError).toBe(true);
  expect(badTurn.content[0].text).toMatch(/turn/);
  const badEvent = await call(client, "report_load", { session_id: session, skill: "pdf", event: "maybe" });
  expect(badEvent.isError).toBe(true);
  expect(badEvent.content[0].text).toMatch(/event/);
  const badCursor = await call(client, "list_skills", { cursor: "not a cursor!" });
  expect(badCursor.isError).toBe(true);
  expect(badCursor.content[0].text).toMatch(/^bad_request: cursor/);
  const unknown = await call(client, "read_skill", { name: "../../etc/passwd" });
  expect(unknown.isError).toBe(true);
  expect(unknown.content[0].text).toMatch(/^not_found: /);
  expect(mcpDecisions()).toBe(decisions);
  expect(feedbackRows()).toBe(feedback);

  const reported = await call(client, "report_load", { session_id: session, skill: "pdf", event: "loaded" });
  expect(reported.structuredContent).toEqual({ ok: true });
  expect(feedbackRows()).toBe(feedback + 1);

  const first = (await call(client, "list_skills", { limit: 2 })).structuredContent as { skills: { name: string }[]; next_cursor: string; total: number };
  expect(first.skills.map((s) => s.name)).toEqual(["docx", "pdf"]);
  expect(first.total).toBe(3);
  const rest = (await call(client, "list_skills", { cursor: first.next_cursor })).structuredContent as { skills: { name: string }[]; next_cursor: null };
  expect(rest).toMatchObject({ skills: [{ name: "pptx" }], next_cursor: null });

  const readReply = await call(client, "read_skill", { name: "pptx" });
  expect(readReply.structuredContent).toBeUndefined();
  expect(ReadSkillResult.parse(JSON.parse(readReply.content[0].text))).toMatchObject({ name: "pptx", text: "(the next block)", truncated: false });
  expect(readReply.content[1].text).toContain("Make PowerPoint slide decks");

  const resources = await client.listResources();
  expect(resources.resources.map((r) => r.uri).sort()).toEqual(["skill://docx", "skill://pdf", "skill://pptx"]);
  const resource = await client.readResource({ uri: "skill://pdf" });
  expect(resource.contents[0]).toMatchObject({ uri: "skill://pdf", mimeType: "text/markdown" });
  expect(String((resource.contents[0] as { text: string }).text)).not.toContain(SECRET);
  await expect(client.readResource({ uri: "skill://nope" })).rejects.toThrow(/no skill named 'nope'/);
}

describe("MCP over Streamable HTTP (POST /api/mcp)", () => {
  it("answers every tool and resource, and refuses bad arguments without writing anything", async () => {
    const client = await httpClient();
    try {
      await sharedChecks(client, "http-session");
    } finally {
      await client.close();
    }
  });

  it("refuses a missing or wrong token before anything runs", async () => {
    const before = rows("SELECT id FROM decisions").length;
    for (const token of [null, "wrong-token"]) await expect(httpClient(token)).rejects.toThrow(/401|unauthorized|bearer token/i);
    expect(rows("SELECT id FROM decisions").length).toBe(before);
    const raw = await fetch(`${base}/api/mcp`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(401);
    expect((await raw.json()).error.code).toBe("unauthorized");
  });

  it("answers a body that is not JSON-RPC with a JSON-RPC error, not a crash", async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const notJson = await fetch(`${base}/api/mcp`, { method: "POST", body: "{not json", headers });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);
    const noAccept = await fetch(`${base}/api/mcp`, { method: "POST", body: "{}", headers: { ...headers, accept: "text/html" } });
    expect(noAccept.status).toBe(406);
  });

  it("refuses a batch of more than 16 messages whole, nothing run (400 pick_skill calls were 400 turns for one request)", async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const before = mcpDecisions();
    const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "pick_skill", arguments: { turn: "split this pdf" } } });
    const batch = await fetch(`${base}/api/mcp`, { method: "POST", body: JSON.stringify(Array.from({ length: 17 }, (_, i) => call(i))), headers });
    expect(batch.status).toBe(400);
    expect((await batch.json()).error).toMatchObject({ code: -32600, message: expect.stringContaining("at most 16") });
    expect(mcpDecisions()).toBe(before);
  });

  it("survives a client that disconnects mid-call, and serves the next one", async () => {
    const before = mcpDecisions();
    const abort = new AbortController();
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "pick_skill", arguments: { turn: "edit this word document" } },
    });
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const gone = fetch(`${base}/api/mcp`, { method: "POST", body, headers, signal: abort.signal });
    abort.abort();
    await expect(gone).rejects.toThrow();
    const client = await httpClient();
    try {
      const next = await call(client, "pick_skill", { turn: "make a slide deck for the board meeting" });
      expect(pickedJson(next).load?.name).toBe("pptx");
    } finally {
      await client.close();
    }
    await vi.waitFor(() => expect(mcpDecisions()).toBeGreaterThanOrEqual(before + 1));
  });
});

describe("MCP over stdio (jev mcp)", () => {
  it("answers every tool and resource from this machine's database and config", async () => {
    const client = new Client({ name: "jev-test", version: "1" });
    await client.connect(stdioTransport());
    try {
      await sharedChecks(client, "stdio-session");
    } finally {
      await client.close();
    }
  }, 60_000);

  it("exits cleanly when the client goes away mid-call, the call's decision logged", async () => {
    const transport = stdioTransport();
    const client = new Client({ name: "jev-test", version: "1" });
    await client.connect(transport);
    const pid = transport.pid!;
    const before = mcpDecisions();
    const pending = client.callTool({ name: "pick_skill", arguments: { turn: "rotate the pages of this pdf" } }).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 20));
    await client.close();
    expect(await pending).toBeInstanceOf(Error);
    await vi.waitFor(
      () => {
        expect(() => process.kill(pid, 0)).toThrow();
      },
      { timeout: 10_000 },
    );
    expect(mcpDecisions()).toBe(before + 1);
  }, 60_000);

  it("relays to a running server with --url, and says so in one line when it refuses the token", async () => {
    const client = new Client({ name: "jev-test", version: "1" });
    await client.connect(stdioTransport(["--url", base]));
    try {
      const picked = await call(client, "pick_skill", { turn: "split this pdf into pages" });
      expect(pickedJson(picked).load?.name).toBe("pdf");
    } finally {
      await client.close();
    }
    const refused = new Client({ name: "jev-test", version: "1" });
    await expect(refused.connect(stdioTransport(["--url", base], { JEV_API_TOKEN: "wrong-token" }))).rejects.toThrow(/refused the token/);
    await refused.close();
  }, 60_000);
});
