import { beforeEach, describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { liveReplayEvents } from "./replay-log";

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describeOnBothDatabases("replay log from the live tables", (t) => {
  beforeEach(() => {});

  describe("live tables as a replay log", () => {
    it("gives suggestions and loads in time order, suggestions first at a tie, rejections left out, sessionless suggestions apart", async () => {
      await t.db.insert(t.db.jev.t.suggestions).values([
        { at: 2_000, sessionId: "s1", skill: "pdf" },
        { at: 1_000, sessionId: null, skill: "xlsx" },
        { at: 3_000, sessionId: "s1", skill: "pdf" },
      ]);
      await t.db.insert(t.db.jev.t.feedback).values([
        { at: 2_000, sessionId: "s1", skill: "pdf", event: "loaded" },
        { at: 2_500, sessionId: "s1", skill: "pdf", event: "rejected" },
        { at: 9_000, sessionId: "s1", skill: "pdf", event: "loaded" }, // outside the range
      ]);
      const events = await collect(liveReplayEvents(t.db, 0, 5_000));
      expect(events.map((e) => [e.at, e.kind, e.session])).toEqual([
        [1_000, "suggest", "suggestion-2"],
        [2_000, "suggest", "s1"],
        [2_000, "load", "s1"],
        [3_000, "suggest", "s1"],
      ]);
    });

    it("reads page after page without skipping or repeating rows at the same millisecond", async () => {
      const rows = Array.from({ length: 12_000 }, (_, i) => ({ at: Math.floor(i / 7), sessionId: `s${i % 50}`, skill: "pdf" }));
      for (let i = 0; i < rows.length; i += 1000) await t.db.insert(t.db.jev.t.suggestions).values(rows.slice(i, i + 1000));
      const events = await collect(liveReplayEvents(t.db, 0, 10_000));
      expect(events).toHaveLength(12_000);
      expect(events.every((e, i) => i === 0 || e.at >= events[i - 1].at)).toBe(true);
    });
  });
});
