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

/** A reply written as it is produced (the replay log's export): text chunks under its own content type. */
export interface StreamedReply {
  status: number;
  contentType: string;
  chunks: AsyncIterator<string>;
}

/** What a route answers: JSON text, or a stream. */
export type RouteReply = JsonReply | StreamedReply;

export const jsonReply = (value: unknown, status = 200): JsonReply => ({ status, body: JSON.stringify(value) });

/** The error envelope of anything thrown: typed errors keep their status, anything else is a bare 500 (its message never logged). */
export function errorReply(err: unknown): JsonReply {
  const e = toJevError(err);
  if (e.code === "internal") errorAtMostEveryMinute(`[jev] internal error (${err instanceof Error ? err.name : typeof err})`);
  return jsonReply(e.toJSON(), e.status);
}

/** Run a route body; whatever it throws becomes its envelope. */
export async function replying<R extends RouteReply>(run: () => Promise<R>): Promise<R | JsonReply> {
  try {
    return await run();
  } catch (err) {
    return errorReply(err);
  }
}

export function toResponse(reply: RouteReply): Response {
  if ("body" in reply) return new Response(reply.body, { status: reply.status, headers: { "content-type": "application/json" } });
  const encoder = new TextEncoder();
  const { chunks } = reply;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, { status: reply.status, headers: { "content-type": reply.contentType } });
}
