import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJson } from "./handle";

const post = (body: BodyInit | null) => new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
const Body = z.object({ a: z.number() });

describe("readJson on a web Request (what Next.js hands a route)", () => {
  it("reads the body, and names a missing one as bad JSON", async () => {
    expect(await readJson(post('{"a":1}'), Body)).toEqual({ a: 1 });
    await expect(readJson(post(null), Body)).rejects.toMatchObject({ code: "bad_request" });
  });

  it("answers a streamed body past the limit with 413, and past the drain limit stops reading (the stream is cancelled)", async () => {
    let cancelled = false;
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1 << 20;
        controller.enqueue(new Uint8Array(1 << 20));
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readJson(post(endless), Body)).rejects.toMatchObject({ code: "payload_too_large" });
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThan(16 << 20);
  });
});
