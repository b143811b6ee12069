import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lineBatches } from "./text-lines";

const collect = async (chunks: Buffer[]) => {
  const out: string[] = [];
  for await (const batch of lineBatches(Readable.from(chunks))) out.push(...batch);
  return out;
};

describe("lineBatches", () => {
  it("splits on LF and CRLF across chunk boundaries, keeping a last line without newline", async () => {
    expect(await collect(["a\nb", "c\r", "\nd\n\ne"].map((c) => Buffer.from(c)))).toEqual(["a", "bc", "d", "", "e"]);
    expect(await collect([])).toEqual([]);
  });
  it("keeps a multi-byte character split across chunks whole", async () => {
    const bytes = Buffer.from("ü\n");
    expect(await collect([bytes.subarray(0, 1), bytes.subarray(1)])).toEqual(["ü"]);
  });
});
