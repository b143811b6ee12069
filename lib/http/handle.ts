import type { z } from "zod";
import { getDb } from "../../db/client";
import { isAuthorized, tokenSources } from "../auth/api-token";
import { loadConfig } from "../config";
import { describeZodIssue, JevError, toJevError } from "../errors";

/** Bodies above this are refused with 413 before parsing. */
export const MAX_BODY_BYTES = 1_000_000;

export function errorResponse(err: unknown): Response {
  const e = toJevError(err);
  if (e.code === "internal") console.error(`[jev] internal error (${err instanceof Error ? err.name : typeof err})`);
  return Response.json(e.toJSON(), { status: e.status });
}

/** 401 unless the request carries the API token. */
export async function requireToken(request: Request): Promise<void> {
  if (!(await isAuthorized(getDb(), tokenSources(loadConfig()), request.headers.get("authorization")))) {
    throw new JevError("unauthorized", "missing or wrong bearer token (Authorization: Bearer $JEV_API_TOKEN)");
  }
}

/** Read a JSON body within the size limit and validate it; errors name the field. */
export async function readJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new JevError("payload_too_large", `body over ${MAX_BODY_BYTES} bytes`);
  const text = await readBodyWithin(request, MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JevError("bad_request", "body: not valid JSON", "body");
  }
  return parseWith(schema, value);
}

/** Past the limit, the rest of a body is read and dropped up to this much, so the client gets its 413 (not a reset). */
const MAX_DRAINED_BYTES = 8_000_000;

/** Read the body, keeping nothing past `limit` bytes (a chunked body has no length to check first). */
async function readBodyWithin(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAINED_BYTES) {
      await reader.cancel();
      break;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw new JevError("payload_too_large", `body over ${limit} bytes`);
  return Buffer.concat(chunks).toString("utf8");
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { field, message } = describeZodIssue(parsed.error.issues[0]);
    throw new JevError("bad_request", message, field);
  }
  return parsed.data;
}

/** Wrap a route body: typed errors become their status, anything else a bare 500. */
export async function handle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    return errorResponse(err);
  }
}
