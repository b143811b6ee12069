import { createHash } from "node:crypto";
import type { StreamedLog } from "./web-lines";

/**
 * Lines made in process (the live export, the demo week) as a log to replay,
 * counted and hashed as they pass, so a run records the same digest and size
 * as the same lines uploaded as a file.
 */
export function hashedLines(lines: Iterable<string>): Omit<StreamedLog, "batches"> & { lines: Iterable<string> } {
  const hash = createHash("sha256");
  let bytes = 0;
  return {
    lines: (function* () {
      for (const line of lines) {
        hash.update(`${line}\n`);
        bytes += Buffer.byteLength(line) + 1;
        yield line;
      }
    })(),
    bytesRead: () => bytes,
    done: () => ({ bytes, digest: hash.digest("hex") }),
  };
}

/** The same for batches of lines made as they are read (the live export, a page of the log at a time). */
export function hashedBatches(batches: AsyncIterable<string[]>): StreamedLog {
  const hash = createHash("sha256");
  let bytes = 0;
  return {
    batches: (async function* () {
      for await (const batch of batches) {
        for (const line of batch) {
          hash.update(`${line}\n`);
          bytes += Buffer.byteLength(line) + 1;
        }
        yield batch;
      }
    })(),
    bytesRead: () => bytes,
    done: () => ({ bytes, digest: hash.digest("hex") }),
  };
}
