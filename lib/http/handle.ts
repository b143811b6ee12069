import type { z } from "zod";
import { getDb } from "../../db/client";
import { isAuthorized, tokenSources } from "../auth/api-token";
import { describeZodIssue, JevError } from "../base/errors";
import { isPending } from "../base/maybe-promise";
import { loadConfig } from "../config";
import type { ServiceCtx } from "../services/context";
import { type AnyRequest, type ApiRequest, asApiRequest } from "./api-request";
import { errorReply, toResponse } from "./json-reply";

/** Bodies above this are refused with 413 before parsing. */
export const MAX_BODY_BYTES = 1_000_000;

export function errorResponse(err: unknown): Response {
  return toResponse(errorReply(err));
}

/** 401 unless the request carries the API token; else the context it was checked in (the environment read once a turn). */
export async function requireToken(request: AnyRequest): Promise<ServiceCtx> {
  const config = loadConfig();
  const db = getDb(config);
  const authorized = isAuthorized(db, tokenSources(config), asApiRequest(request).header("authorization"));
  if (!(isPending(authorized) ? await authorized : authorized)) {
    throw new JevError("unauthorized", "missing or wrong bearer token (Authorization: Bearer $JEV_API_TOKEN)");
  }
  return { config, db, clock: Date.now };
}

/** Read a JSON body within the size limit and validate it; errors name the field. */
export async function readJson<T>(request: AnyRequest, schema: z.ZodType<T>): Promise<T> {
  const text = await readText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JevError("bad_request", "body: not valid JSON", "body");
  }
  return parseWith(schema, value);
}

/** The body as text within the size limit (413 past it), for a route that parses it itself. */
export async function readText(request: AnyRequest): Promise<string> {
  const api = asApiRequest(request);
  const declared = Number(api.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new JevError("payload_too_large", `body over ${MAX_BODY_BYTES} bytes`);
  return readBodyWithin(api, MAX_BODY_BYTES);
}

/** Past the limit, the rest of a body is read and dropped up to this much, so the client gets its 413 (not a reset). */
const MAX_DRAINED_BYTES = 8_000_000;

/** Read the body, keeping nothing past `limit` bytes (a chunked body has no length to check first). */
async function readBodyWithin(request: ApiRequest, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    await request.readBody((chunk) => {
      size += chunk.byteLength;
      if (size > MAX_DRAINED_BYTES) return false; // the rest is cancelled
      if (size <= limit) chunks.push(chunk);
      return true;
    });
  } catch {
    // The client went away, or its body did not arrive in time (the server's request timeout): its fault, not ours.
    throw new JevError("request_timeout", "the request's body did not arrive whole");
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
