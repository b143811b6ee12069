import { createHash } from "node:crypto";
import { JevError } from "../base/errors";

export interface StreamedLog {
  /** Line batches, read as the body arrives (never the whole body at once). */
  batches: AsyncGenerator<string[]>;
  /** Bytes read so far, for progress. */
  bytesRead: () => number;
  /** After `batches` is done: bytes read and their SHA-256. */
  done: () => { bytes: number; digest: string };
}

/**
 * The lines of a request body (a web stream of bytes), a batch per chunk,
 * hashed as they pass. Past `maxBytes` it stops reading and throws a
 * payload_too_large JevError.
 */
export function webLineBatches(body: ReadableStream<Uint8Array> | null, maxBytes: number): StreamedLog {
  const hash = createHash("sha256");
  let bytes = 0;
  async function* batches(): AsyncGenerator<string[]> {
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder("utf-8");
    let rest = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > maxBytes) {
          await reader.cancel();
          throw new JevError("payload_too_large", `replay log over ${Math.round(maxBytes / 1e6)} MB (JEV_REPLAY_MAX_MB)`);
        }
        hash.update(value);
        const text = rest + decoder.decode(value, { stream: true });
        const lines = text.split("\n");
        rest = lines.pop() ?? "";
        if (lines.length) yield lines;
      }
      rest += decoder.decode();
      if (rest) yield [rest];
    } finally {
      reader.releaseLock();
    }
  }
  return { batches: batches(), bytesRead: () => bytes, done: () => ({ bytes, digest: hash.digest("hex") }) };
}
