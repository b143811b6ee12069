import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { head, rawRequest } from "../lib/testing/raw-http";
import { DecisionsPage } from "./pages/decisions-page";
import { authHeaders, E2E } from "./support/env";

/** An MCP client on the running server, as Cursor or Claude Desktop would connect (Streamable HTTP, the API's token). */
async function mcpClient(): Promise<Client> {
  const client = new Client({ name: "e2e-mcp-client", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${E2E.baseURL}/api/mcp`), { requestInit: { headers: authHeaders } }));
  return client;
}

test("an MCP client's pick_skill is a decision of its own channel: the Decisions page filters by it", async ({ page, request }) => {
  const client = await mcpClient();
  const session = `mcp-e2e-${Date.now()}`;
  try {
    const reply = await client.callTool({ name: "pick_skill", arguments: { turn: "merge these pdf files into one", session_id: session } });
    // Text blocks only: the reply's JSON, then the SKILL.md as it is (what every client shows its model).
    const blocks = reply.content as { type: string; text: string }[];
    const result = JSON.parse(blocks[0].text) as { skills: { name: string }[]; load: { name: string; text: string } | null };
    expect(result.skills.length).toBeGreaterThan(0);
    expect(result.load?.name, JSON.stringify(result.skills)).toBe(result.skills[0].name);
    expect(blocks[1].text).toContain("---");
    const listed = (await client.callTool({ name: "list_skills", arguments: { limit: 5 } })).structuredContent as { total: number };
    expect(listed.total).toBeGreaterThan(800);
  } finally {
    await client.close();
  }
  await request.post("/api/pick-skill", { data: { turn: "extract the tables from this pdf report", session_id: `${session}-api` }, headers: authHeaders });

  const api = await (await request.get(`/api/decisions?channel=mcp&session=${session}`, { headers: authHeaders })).json();
  expect(api.decisions).toHaveLength(1);
  expect(api.decisions[0].channel).toBe("mcp");
  const bad = await request.get("/api/decisions?channel=carrier-pigeon", { headers: authHeaders });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.message).toContain("channel");

  const decisions = new DecisionsPage(page);
  await decisions.open(`?session=${session}`);
  await expect(decisions.rows).toHaveCount(1);
  await expect(decisions.rows.first().getByTestId("channel")).toHaveText("via MCP");
  await decisions.filterChannel("jev pick-skill");
  await expect(page).toHaveURL(/channel=cli/);
  await expect(decisions.empty).toContainText("asked through jev pick-skill");
  await decisions.filterChannel("MCP");
  await expect(page).toHaveURL(/channel=mcp/);
  await expect(decisions.rows).toHaveCount(1);
});

test("POST /api/mcp keeps the API's doors: the token, and the Host allow-list", async ({ request }) => {
  const rpc = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
  const accept = { accept: "application/json, text/event-stream" };
  for (const headers of [accept, { ...accept, authorization: "Bearer wrong" }]) {
    const res = await request.post("/api/mcp", { data: rpc, headers });
    expect(res.status()).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  }
  const ok = await request.post("/api/mcp", { data: rpc, headers: { ...accept, ...authHeaders } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).result.tools.map((t: { name: string }) => t.name)).toContain("pick_skill");
  const misdirected = await rawRequest(Number(E2E.port), head("POST", "/api/mcp", { host: "evil.example", ...authHeaders, "content-length": "2" }), "{}");
  expect(misdirected.status).toBe(421);
  const get = await request.get("/api/mcp", { headers: authHeaders });
  expect(get.status()).toBe(405);
  expect(get.headers().allow).toBe("OPTIONS, POST");
});
