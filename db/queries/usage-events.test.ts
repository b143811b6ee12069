import { expect, it } from "vitest";
import { DAY_MS } from "../../lib/base/time";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { engineDaysOf } from "./skill-activity";
import { addToSnapshot, curatorActionEvents, insertUsageEvents, putSnapshot, skillUsageEvents, snapshotsOf, usageDaysSince } from "./usage-events";

const T = Date.parse("2026-11-20T10:00:00Z");
const DAY = Math.floor(T / DAY_MS);

describeOnBothDatabases("usage events", (t) => {
  it("appends events, counts uses, views and patches per day, and keeps each skill's accounted counters", async () => {
    await insertUsageEvents(t.db, [
      { home: "/h", skill: "pdf", kind: "use", at: T, count: 2, source: "hermes" },
      { home: "/h", skill: "pdf", kind: "view", at: T + 1, count: 1, source: "hermes" },
      { home: "/h", skill: "pdf", kind: "use", at: T + DAY_MS, count: 1, source: "curator" },
      { home: "/h", skill: "pdf", kind: "archive", at: T + 2, count: 1, source: "curator", detail: '{"message":"é ✓"}' },
      { home: "/other", skill: "pdf", kind: "use", at: T, count: 5, source: "hermes" },
    ]);
    const days = (await usageDaysSince(t.db, "/h", DAY)).sort((a, b) => a.day - b.day);
    expect(days.map((d) => [d.day - DAY, d.uses, d.views, d.patches])).toEqual([
      [0, 2, 1, 0],
      [1, 1, 0, 0],
    ]);
    expect((await skillUsageEvents(t.db, "/h", "pdf")).map((e) => e.kind)).toEqual(["use", "archive", "view", "use"]);
    expect(await curatorActionEvents(t.db, "/h")).toMatchObject([{ kind: "archive", detail: '{"message":"é ✓"}' }]);

    await putSnapshot(t.db, "/h", "pdf", { uses: 3, views: 1, patches: 0 });
    await addToSnapshot(t.db, "/h", "pdf", "uses", 1);
    await addToSnapshot(t.db, "/h", "xlsx", "views", 2);
    expect(await snapshotsOf(t.db, "/h")).toEqual(
      new Map([
        ["pdf", { uses: 4, views: 1, patches: 0 }],
        ["xlsx", { uses: 0, views: 2, patches: 0 }],
      ]),
    );
    expect(await engineDaysOf(t.db, "pdf", DAY)).toEqual([]);
  });
});
