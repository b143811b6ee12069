import { toJevError } from "../base/errors";
import { errorAtMostEveryMinute } from "../base/log-once";

/**
 * A route's answer before it is a web Response: its status and its JSON
 * text. The front door writes it to Node's response as it is; Next.js gets
 * it as a Response (toResponse).
 */
export interface JsonReply {
  status: number;
  body: string;
}

export const jsonReply = (value: unknown, status = 200): JsonReply => ({ status, body: JSON.stringify(value) });

/** The error envelope of anything thrown: typed errors keep their status, anything else is a bare 500 (its message never logged). */
export function errorReply(err: unknown): JsonReply {
  const e = toJevError(err);
  if (e.code === "internal") errorAtMostEveryMinute(`[jev] internal error (${err instanceof Error ? err.name : typeof err})`);
  return jsonReply(e.toJSON(), e.status);
}

/** Run a route body; whatever it throws becomes its envelope. */
export async function replying(run: () => Promise<JsonReply>): Promise<JsonReply> {
  try {
    return await run();
  } catch (err) {
    return errorReply(err);
  }
}

export const toResponse = (reply: JsonReply): Response => new Response(reply.body, { status: reply.status, headers: { "content-type": "application/json" } });
