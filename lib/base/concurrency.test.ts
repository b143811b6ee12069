import { describe, expect, it } from "vitest";
import { limiter, mapLimit } from "./concurrency";

describe("limiter", () => {
  it("never runs more than the limit at once, and runs everything", async () => {
    const run = limiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        run(async () => {
          peak = Math.max(peak, ++active);
          await new Promise((r) => setTimeout(r, 1 + (i % 3)));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("frees its slot when a task throws", async () => {
    const run = limiter(1);
    await expect(run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await run(async () => 7)).toBe(7);
  });

  it("mapLimit keeps input order", async () => {
    expect(await mapLimit([30, 1, 20], 2, async (ms) => new Promise((r) => setTimeout(() => r(ms), ms)))).toEqual([30, 1, 20]);
  });
});
