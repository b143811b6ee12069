import { expect, test } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { API_OPERATIONS } from "../app/api/contract";
import { openApiPath } from "../lib/http/api-contract";
import { authHeaders } from "./support/env";

type Schema = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> };

test("the served OpenAPI document takes the token like every route but health, and the running server's replies to its examples validate against it", async ({
  request,
}) => {
  expect((await request.get("/api/openapi.json")).status()).toBe(401);
  const served = await request.get("/api/openapi.json", { headers: authHeaders });
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("application/json");
  const doc = (await served.json()) as Doc;
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

  // In the contract's order: the pick makes a decision and the upload a replay run before the examples that read them.
  for (const op of API_OPERATIONS) {
    const name = `${op.method} ${op.path}`;
    const path = op.path.replace(/\[([^\]]+)\]/g, (_, key: string) => encodeURIComponent(op.example.params?.[key] ?? ""));
    const query = op.example.query ? `?${new URLSearchParams(op.example.query)}` : "";
    const headers: Record<string, string> = { ...authHeaders, accept: "application/json, text/event-stream" };
    let data: string | undefined;
    if (op.body) {
      headers["content-type"] = op.body.contentType ?? "application/json";
      data = typeof op.example.body === "string" ? op.example.body : JSON.stringify(op.example.body);
    }
    const res = op.method === "GET" ? await request.get(path + query, { headers }) : await request.post(path + query, { headers, data });
    expect(res.status(), `${name}: ${await res.text()}`).toBe(op.reply.status);
    const contentType = op.reply.contentType ?? "application/json";
    expect(res.headers()["content-type"], name).toContain(contentType);
    const schema = doc.paths[openApiPath(op.path)][op.method.toLowerCase()].responses[String(op.reply.status)].content[contentType].schema;
    const reply = contentType === "application/json" ? await res.json() : await res.text();
    const check = ajv.compile(schema);
    expect(check(reply) ? null : ajv.errorsText(check.errors), name).toBeNull();
  }
});

test("error replies validate against the document: the envelope, and JSON-RPC on /api/mcp", async ({ request }) => {
  const doc = (await (await request.get("/api/openapi.json", { headers: authHeaders })).json()) as Doc;
  const ajv = addFormats(new Ajv2020({ strict: false }));
  const res = await request.post("/api/pick-skill", { data: { turn: 7 }, headers: authHeaders });
  expect(res.status()).toBe(400);
  const schema = doc.paths["/api/pick-skill"].post.responses["400"].content["application/json"].schema;
  expect(ajv.validate(schema, await res.json())).toBe(true);
  // MCP's transport answers in JSON-RPC, and the document says so.
  const headers = { ...authHeaders, "content-type": "application/json", accept: "application/json, text/event-stream" };
  const rpc = await request.post("/api/mcp", { headers, data: "{not json" });
  expect(rpc.status()).toBe(400);
  const rpcSchema = doc.paths["/api/mcp"].post.responses["400"].content["application/json"].schema;
  expect(ajv.validate(rpcSchema, await rpc.json())).toBe(true);
});
