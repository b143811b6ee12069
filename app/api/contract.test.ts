import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { main } from "@/cli/main";
import { errorStatuses, openApiPath, operationIdOf } from "@/lib/http/api-contract";
import { methodsOf } from "@/lib/http/route-table";
import { API_OPERATIONS, apiDocument } from "./contract";
import { API } from "./routes";

/** The HTTP table of interfaces.md (the public contract), route by route: each must be in the document. */
const INTERFACES_ROUTES = [
  "GET /api/health",
  "POST /api/pick-skill",
  "POST /api/feedback",
  "POST /api/skills/{name}/usage",
  "GET /api/skills",
  "GET /api/decisions/summary",
  "GET /api/decisions",
  "GET /api/decisions/{id}",
  "GET /api/suppression",
  "POST /api/curator/{action}",
  "POST /api/replay",
];

type Schema = Record<string, unknown>;
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Schema } };
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema; example: unknown }> };
  responses: Record<string, { content: Record<string, { schema: Schema; example?: unknown }> }>;
};

const doc = apiDocument() as unknown as Doc;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const valid = (schema: Schema, value: unknown) => {
  const check = ajv.compile(schema);
  return check(value) ? null : ajv.errorsText(check.errors);
};
const operationOf = (method: string, path: string) => doc.paths[openApiPath(path)]?.[method.toLowerCase()];

describe("the OpenAPI document (GET /api/openapi.json, jev openapi)", () => {
  it("is OpenAPI 3.1 with bearer security, and holds every route of interfaces.md", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes).toHaveProperty("bearer");
    const present = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of INTERFACES_ROUTES) expect(present, route).toContain(route);
  });

  it("describes exactly the route table: every path and method, the open ones without security", () => {
    const table = API.routes.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.path}`)).sort();
    expect(API_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort()).toEqual(table);
    for (const route of API.routes)
      for (const method of methodsOf(route)) {
        const op = operationOf(method, route.path);
        expect(op?.security, `${method} ${route.path}`).toEqual(route.open ? [] : undefined);
      }
    const ids = API_OPERATIONS.map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every operation its error statuses, each the error envelope, and the envelope validates a real error", () => {
    const envelope = { error: { code: "bad_request", message: "turn: Invalid input: expected string, received number", field: "turn" } };
    for (const op of API_OPERATIONS) {
      const responses = operationOf(op.method, op.path).responses;
      for (const status of errorStatuses(op)) {
        const schema = responses[String(status)]?.content["application/json"]?.schema;
        expect(schema, `${op.method} ${op.path} ${status}`).toBeDefined();
        if (op.otherErrorBodies?.has(status)) {
          expect(valid(schema, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })).toBeNull();
          continue;
        }
        expect(valid(schema, envelope)).toBeNull();
        expect(valid(schema, { error: { code: "not-a-code", message: "x" } })).not.toBeNull();
      }
      if (!op.open) expect(Object.keys(responses)).toContain("401");
    }
  });

  it("holds an example for every request and reply, and each validates against its own schema", () => {
    for (const op of API_OPERATIONS) {
      const name = `${op.method} ${op.path}`;
      const operation = operationOf(op.method, op.path);
      const reply = operation.responses[String(op.reply.status)].content[op.reply.contentType ?? "application/json"];
      expect(reply.example, name).toEqual(op.example.reply);
      expect(valid(reply.schema, reply.example), name).toBeNull();
      expect(op.reply.schema.safeParse(op.example.reply).success, name).toBe(true);
      if (op.body) {
        const body = operation.requestBody!.content[op.body.contentType ?? "application/json"];
        expect(body.example, name).toEqual(op.example.body);
        expect(valid(body.schema, body.example), name).toBeNull();
        expect(op.body.schema.safeParse(op.example.body).success, name).toBe(true);
      } else expect(op.example.body, name).toBeUndefined();
      // Path and query values arrive as strings: the route's own schema reads them.
      if (op.params) expect(op.params.safeParse(op.example.params).success, name).toBe(true);
      else expect(op.example.params, name).toBeUndefined();
      if (op.example.query) expect(op.query?.safeParse(op.example.query).success, name).toBe(true);
      for (const p of operation.parameters ?? []) if (p.in === "path") expect(p.required, `${name} ${p.name}`).toBe(true);
    }
  });

  it("fails an example that breaks its schema (the checks above can fail)", () => {
    const pick = operationOf("POST", "/api/pick-skill");
    expect(valid(pick.requestBody!.content["application/json"].schema, { turn: 7 })).not.toBeNull();
    expect(valid(pick.responses["200"].content["application/json"].schema, { status: "maybe", skills: [] })).not.toBeNull();
  });

  it("is what `jev openapi` prints", async () => {
    const lines: string[] = [];
    expect(await main(["openapi"], (l) => lines.push(l))).toBe(0);
    expect(JSON.parse(lines.join("\n"))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
