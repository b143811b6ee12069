import type { ZodObject, ZodType } from "zod";
import "zod-openapi";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import type { ApiMethod } from "./route-table";

/**
 * One operation of the HTTP API as a client sees it: the schemas its route validates with, what it answers, and one
 * example exchange. app/api/contract.ts lists them; the OpenAPI document is made from that list and nothing else.
 */
export interface ApiOperation {
  /** The route table's path (`/api/decisions/[id]`). */
  path: string;
  method: ApiMethod;
  summary: string;
  description?: string;
  /** No token needed (the route table's `open`). */
  open?: boolean;
  params?: ZodObject;
  query?: ZodObject;
  body?: { schema: ZodType; contentType?: string };
  reply: { status: number; schema: ZodType; contentType?: string; description: string };
  /** Error statuses beyond the ones every route of its kind can answer (400, 401, 404, 413, 421, 431, 500). */
  moreErrors?: number[];
  /** Statuses whose body is not the error envelope (MCP's transport answers JSON-RPC errors), with their schema. */
  otherErrorBodies?: ReadonlyMap<number, ZodType>;
  /** A real exchange: the request's parts and the reply the server gives for it (examples validate against the schemas). */
  example: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; reply: unknown };
}

export const JSON_TYPE = "application/json";

/** What each error status means on this API (interfaces.md, "Bad input"). */
const ERROR_MEANING: ReadonlyMap<number, string> = new Map([
  [400, "Bad input: the message names the field"],
  [401, "Missing or wrong bearer token"],
  [404, "No such thing (an unknown skill, decision or run)"],
  [405, "Method not allowed on this path"],
  [408, "The body did not arrive whole"],
  [406, "The client does not accept JSON and an event stream (Accept)"],
  [409, "Refused in this state (the curator's rules, a read-only home)"],
  [413, "Body over the limit"],
  [415, "The body is not JSON (Content-Type)"],
  [421, "A Host name this server does not answer for (JEV_ALLOWED_HOSTS)"],
  [431, "The request line and headers are over the server's limit (16 KB: a long query string counts); nothing was read"],
  [500, "Internal error (its cause is never in the reply)"],
  [503, "Busy: a lock another process holds, or the catalog over the walk's limits"],
  [507, "The disk is full: nothing was written"],
]);

/** The error statuses an operation can answer, in order: its kind's, then its own. */
export function errorStatuses(op: ApiOperation): number[] {
  const statuses = new Set<number>();
  if (op.params || op.query || op.body) statuses.add(400);
  if (!op.open) statuses.add(401);
  if (op.params) statuses.add(404);
  if (op.body) statuses.add(413);
  statuses.add(421);
  // Node's parser answers it before any route reads the request (server/raw-replies.ts), on every path.
  statuses.add(431);
  statuses.add(500);
  for (const s of op.moreErrors ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** Each path parameter with its example exchange's value, so a client (or a fuzzer) starts from real ones. */
function withExamples(params: ZodObject, examples: Record<string, string> | undefined): ZodObject {
  if (!examples) return params;
  const shape = Object.entries(params.shape).map(([name, schema]) => {
    const example = Object.hasOwn(examples, name) ? examples[name] : undefined;
    return [name, example === undefined ? schema : (schema as ZodType).meta({ param: { example } })];
  });
  return params.extend(Object.fromEntries(shape));
}

/** `/api/decisions/[id]` as OpenAPI writes it: `/api/decisions/{id}`. */
export const openApiPath = (path: string) => path.replace(/\[([^\]]+)\]/g, "{$1}");

function operationObject(op: ApiOperation, errorEnvelope: ZodType): ZodOpenApiOperationObject {
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (op.params) requestParams.path = withExamples(op.params, op.example.params);
  if (op.query) requestParams.query = op.query;
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [String(op.reply.status)]: {
      description: op.reply.description,
      content: { [op.reply.contentType ?? JSON_TYPE]: { schema: op.reply.schema, example: op.example.reply } },
    },
  };
  for (const status of errorStatuses(op)) {
    const schema = op.otherErrorBodies?.get(status) ?? errorEnvelope;
    responses[String(status)] = { description: ERROR_MEANING.get(status) ?? "Error", content: { [JSON_TYPE]: { schema } } };
  }
  return {
    operationId: operationIdOf(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.open ? { security: [] } : {}),
    ...(op.params || op.query ? { requestParams } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { [op.body.contentType ?? JSON_TYPE]: { schema: op.body.schema, example: op.example.body } } } }
      : {}),
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
}

/** `POST /api/skills/[name]/usage` → `postSkillsNameUsage`: stable, and unique because (method, path) is. */
export function operationIdOf(op: Pick<ApiOperation, "method" | "path">): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .split(/[/[\]._-]+/)
    .filter(Boolean);
  return op.method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

/** The OpenAPI 3.1 document of these operations: bearer-token security by default, the error envelope on every error. */
export function openApiDocument(operations: readonly ApiOperation[], info: { title: string; version: string; description: string }, errorEnvelope: ZodType) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const key = openApiPath(op.path);
    paths[key] = { ...paths[key], [op.method.toLowerCase()]: operationObject(op, errorEnvelope) };
  }
  return createDocument({
    openapi: "3.1.0",
    info,
    servers: [{ url: "/", description: "this jev server" }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "JEV_API_TOKEN (`jev token` prints it)" } } },
    paths,
  });
}
