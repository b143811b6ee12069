import type { Readable } from "node:stream";

/**
 * The lines of a UTF-8 stream (`\n` or `\r\n`), a batch per chunk read: one
 * await per 64 KB rather than per line, and no per-line regular expression
 * (readline), which on a million short lines is most of the reading time.
 */
export async function* lineBatches(stream: Readable): AsyncGenerator<string[]> {
  stream.setEncoding("utf8");
  let rest = "";
  for await (const chunk of stream as AsyncIterable<string>) {
    const text = rest + chunk;
    const batch: string[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      batch.push(text.slice(start, nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
      start = nl + 1;
    }
    rest = text.slice(start);
    if (batch.length) yield batch;
  }
  if (rest) yield [rest.endsWith("\r") ? rest.slice(0, -1) : rest];
}
