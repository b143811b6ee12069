import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A queue whose writes take `ms` each and record the batches they were given. */
function recording(ms = 5, fail?: (batch: number[]) => boolean) {
  const batches: number[][] = [];
  const queue = new GroupCommit<number, string>(
    async (items) => {
      batches.push(items);
      await sleep(ms);
      if (fail?.(items)) throw new Error("disk full");
      return items.map((i) => `ok ${i}`);
    },
    { gatherMs: 20 },
  );
  return { batches, queue };
}

describe("GroupCommit", () => {
  it("answers each caller with its own result once its write is done", async () => {
    const { batches, queue } = recording();
    expect(await queue.add(1)).toBe("ok 1");
    expect(batches).toEqual([[1]]);
  });

  it("callers of the same event-loop turn share a write; those that come during it share the next", async () => {
    const { batches, queue } = recording(10);
    const first = [queue.add(1), queue.add(2), queue.add(3)];
    await sleep(3); // the first write is under way
    const second = [queue.add(4), queue.add(5)];
    expect(await Promise.all([...first, ...second])).toEqual(["ok 1", "ok 2", "ok 3", "ok 4", "ok 5"]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("under load, waits a moment for as many callers as the last write had, then writes them together", async () => {
    const { batches, queue } = recording(1);
    await Promise.all([1, 2, 3, 4].map((i) => queue.add(i)));
    // The next callers come one by one, 2 ms apart: without the wait, the first would be written alone.
    const later = [5, 6, 7, 8].map(async (i, k) => {
      await sleep(2 * k);
      return queue.add(i);
    });
    await Promise.all(later);
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
  });

  it("with gatherMs 0 it never waits: a lone caller after a busy write is written at once", async () => {
    const loneAfterBusy = async (gatherMs: number) => {
      const queue = new GroupCommit<number, number>(async (items) => items, { gatherMs, loadWindowMs: 1_000 });
      await Promise.all([1, 2, 3].map((i) => queue.add(i)));
      const started = performance.now();
      await queue.add(4);
      return performance.now() - started;
    };
    expect(await loneAfterBusy(100)).toBeGreaterThanOrEqual(90); // the control: it waited for company
    expect(await loneAfterBusy(0)).toBeLessThan(50);
  });

  it("a failed write refuses its own batch only", async () => {
    const { batches, queue } = recording(5, (batch) => batch.includes(2));
    const first = [queue.add(1), queue.add(2)].map((p) => p.catch((err: Error) => err.message));
    await sleep(2);
    const after = queue.add(3);
    expect(await Promise.all(first)).toEqual(["disk full", "disk full"]);
    expect(await after).toBe("ok 3");
    expect(batches).toEqual([[1, 2], [3]]);
  });
});
