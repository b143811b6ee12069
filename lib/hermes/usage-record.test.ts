import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePyTime } from "./py-time";
import {
  activityCount,
  backfilled,
  bumpPatch,
  bumpUse,
  bumpView,
  counterValue,
  forget,
  isManagedRecord,
  latestActivityAt,
  reanchor,
  setState,
  type UsageMap,
} from "./usage-record";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const fixture = (): UsageMap => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../fixtures/hermes/usage.json"), "utf8"));

describe("usage records (curator checklist 5–9, 13)", () => {
  it("5: a missing record reads as the default", () => {
    const r = backfilled(undefined, NOW);
    expect(r).toMatchObject({ use_count: 0, view_count: 0, patch_count: 0, state: "active", pinned: false, archived_at: null, created_by: null });
    expect(parsePyTime(r.created_at)).toBe(NOW);
  });

  it("6: legacy-record reads with patch_generation 0; bump_view adds no generation keys, bump_use adds both at 0", () => {
    const map = fixture();
    expect(backfilled(map["legacy-record"], NOW).patch_generation).toBe(0);
    bumpView(map, "legacy-record", NOW);
    expect(map["legacy-record"]).not.toHaveProperty("patch_generation");
    expect(map["legacy-record"]).toMatchObject({ view_count: 2, last_viewed_at: "2026-09-10T12:00:00+00:00" });
    bumpUse(map, "legacy-record", NOW);
    expect(map["legacy-record"]).toMatchObject({ patch_generation: 0, last_reused_patch_generation: 0, use_count: 1 });
  });

  it("7: each bump increments its counter and sets its time; a patch also raises the generation; skills are isolated", () => {
    const map: UsageMap = {};
    bumpView(map, "a", NOW);
    bumpUse(map, "a", NOW + 1_000);
    bumpPatch(map, "a", NOW + 2_000);
    expect(map.a).toMatchObject({
      view_count: 1,
      use_count: 1,
      patch_count: 1,
      patch_generation: 1,
      last_viewed_at: "2026-09-10T12:00:00+00:00",
      last_used_at: "2026-09-10T12:00:01+00:00",
      last_patched_at: "2026-09-10T12:00:02+00:00",
    });
    bumpView(map, "b", NOW);
    expect(map.a.view_count).toBe(1);
    expect(map.b).toMatchObject({ view_count: 1, use_count: 0 });
  });

  it("8: a use of an already-used skill after a patch marks the generation reused; the first use after creation does not", () => {
    const map: UsageMap = {};
    bumpPatch(map, "s", NOW);
    bumpUse(map, "s", NOW);
    expect(map.s.last_reused_patch_generation).toBe(0); // first use
    bumpPatch(map, "s", NOW);
    bumpUse(map, "s", NOW);
    expect(map.s).toMatchObject({ patch_generation: 2, last_reused_patch_generation: 2 });
  });

  it("13: latest_activity_at ignores created_at, keeps the original string, is null when nothing parses; activity_count adds the three", () => {
    const map = fixture();
    expect(latestActivityAt(map["my-umbrella-skill"])).toBe("2026-09-02T08:01:59.310001+00:00");
    expect(latestActivityAt(map["hand-written-skill"])).toBeNull();
    expect(latestActivityAt({ created_at: "2026-01-01T00:00:00+00:00", last_used_at: "junk" })).toBeNull();
    expect(latestActivityAt({ last_used_at: "2026-01-02T00:00:00Z", last_viewed_at: "2026-01-01T23:00:00-02:00" })).toBe("2026-01-01T23:00:00-02:00");
    expect(activityCount(map["my-umbrella-skill"])).toBe(16);
    expect(activityCount({ use_count: "3", view_count: true, patch_count: 2.9 })).toBe(6);
    expect(counterValue(true)).toBe(0);
    expect(counterValue(-4)).toBe(0);
    expect(counterValue("12")).toBe(12);
  });

  it("state changes set and clear archived_at; an unknown state or the same one is a no-op; unknown keys survive", () => {
    const map: UsageMap = { s: { state: "active", sync: true, first_seen_at: "2026-01-01T00:00:00+00:00", custom: [1] } };
    expect(setState(map, "s", "bogus", NOW)).toBe(false);
    expect(setState(map, "s", "active", NOW)).toBe(false);
    expect(setState(map, "missing", "active", NOW)).toBe(false);
    expect(setState(map, "s", "archived", NOW)).toBe(true);
    expect(map.s.archived_at).toBe("2026-09-10T12:00:00+00:00");
    setState(map, "s", "stale", NOW + 1);
    expect(map.s.archived_at).toBe("2026-09-10T12:00:00+00:00");
    setState(map, "s", "active", NOW + 2);
    expect(map.s).toMatchObject({ archived_at: null, sync: true, custom: [1] });
    expect(Object.keys(map.s)).not.toContain("use_count"); // only the touched fields are written
  });

  it("re-anchors a bundled record with no activity once; forgets; managed only by declaration", () => {
    const map: UsageMap = { b: { created_at: "2026-01-01T00:00:00+00:00", use_count: 0 } };
    expect(reanchor(map, "b", NOW)).toBe(true);
    expect(map.b).toMatchObject({ first_seen_at: "2026-09-10T12:00:00+00:00", created_at: "2026-09-10T12:00:00+00:00" });
    expect(reanchor(map, "b", NOW + 1)).toBe(false);
    expect(forget(map, "b")).toBe(true);
    expect(forget(map, "b")).toBe(false);
    expect(
      [{ created_by: "agent" }, { agent_created: true }, { created_by: "learn" }, { created_by: null }, {}, { created_by: "installed" }].map(isManagedRecord),
    ).toEqual([true, true, false, false, false, false]);
  });
});
