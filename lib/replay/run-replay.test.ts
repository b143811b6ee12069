import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, RulesConfig } from "../rules/config";
import { readReplayLog } from "./read-log";
import { replaySteps, runReplay } from "./run-replay";

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const T0 = Date.parse("2026-11-02T00:00:00Z");

/** [ms after T0, session, kind, skill] */
type Ev = [number, string, "suggest" | "load", string];
const line = ([t, session, kind, skill]: Ev) => JSON.stringify({ ts: new Date(T0 + t).toISOString(), session, kind, skill });

async function replay(events: Ev[], rules = DEFAULT_RULES) {
  const { events: columns, badLines } = await readReplayLog(events.map(line));
  return runReplay(columns, rules, badLines);
}

describe("replay: hand-built logs", () => {
  it("removes a duplicate after a load (rule 1), costing nothing", async () => {
    const r = await replay([
      [0, "s1", "suggest", "pdf"],
      [1 * MIN, "s1", "load", "pdf"],
      [10 * MIN, "s1", "suggest", "pdf"],
    ]);
    expect(r.recorded).toEqual({ suggestions: 2, loaded: 1, load_rate: 0.5 });
    expect(r.replayed).toEqual({ suggestions: 1, loaded: 1, load_rate: 1 });
    expect(r.removed).toEqual({ duplicates: 1, rejected: 0, loads_lost: 0 });
  });

  it("suppresses from the 6th suggestion once 5 shown ones were never loaded (rule 2)", async () => {
    const events: Ev[] = Array.from({ length: 7 }, (_, i) => [i * 30 * MIN, `s${i}`, "suggest", "noise"]);
    const r = await replay(events);
    expect(r.replayed.suggestions).toBe(5);
    expect(r.removed.rejected).toBe(2);
  });

  it("retries a suppressed skill once 6 hours passed since it was last shown", async () => {
    const events: Ev[] = Array.from({ length: 5 }, (_, i) => [i * MIN, `s${i}`, "suggest", "noise"]);
    events.push([4 * MIN + 6 * H - 1, "a", "suggest", "noise"]); // 1 ms short of 6 h: suppressed
    events.push([4 * MIN + 6 * H, "b", "suggest", "noise"]); // exactly 6 h: shown again
    events.push([4 * MIN + 6 * H + MIN, "c", "suggest", "noise"]); // suppressed again
    const r = await replay(events);
    expect(r.replayed.suggestions).toBe(6);
    expect(r.removed.rejected).toBe(2);
  });

  it("forgets suggestions older than the 14-day window", async () => {
    const events: Ev[] = Array.from({ length: 5 }, (_, i) => [i * MIN, `s${i}`, "suggest", "noise"]);
    events.push([4 * MIN + H, "x", "suggest", "noise"]); // within the window and 6 h: suppressed
    events.push([14 * D + 5 * MIN, "y", "suggest", "noise"]); // all five now older than 14 days: shown
    const r = await replay(events);
    expect(r.removed.rejected).toBe(1);
    expect(r.replayed.suggestions).toBe(6);
  });

  it("credits a load 4:59 after its suggestion, not 5:01", async () => {
    const r = await replay([
      [0, "s1", "suggest", "pdf"],
      [4 * MIN + 59_000, "s1", "load", "pdf"],
      [H, "s2", "suggest", "pdf"],
      [H + 5 * MIN + 1_000, "s2", "load", "pdf"],
    ]);
    expect(r.recorded).toMatchObject({ suggestions: 2, loaded: 1 });
  });

  it("credits nothing to a load that comes before any suggestion", async () => {
    const r = await replay([
      [0, "s1", "load", "pdf"],
      [MIN, "s1", "suggest", "pdf"],
    ]);
    expect(r.recorded.loaded).toBe(0);
    expect(r.removed.duplicates).toBe(1); // the session had loaded it: rule 1 removes the suggestion
  });

  it("with both rules off, replays exactly what was recorded", async () => {
    const off = RulesConfig.parse({ dedup_loaded: false, suppression: { enabled: false } });
    const events: Ev[] = [...Array.from({ length: 8 }, (_, i): Ev => [i * MIN, "s", "suggest", "noise"]), [9 * MIN, "s", "load", "noise"]];
    const r = await replay(events, off);
    expect(r.replayed).toEqual(r.recorded);
    expect(r.removed).toEqual({ duplicates: 0, rejected: 0, loads_lost: 0 });
  });

  it("gives the same report for the log in any order", async () => {
    const events: Ev[] = [
      [0, "s1", "suggest", "pdf"],
      [MIN, "s1", "load", "pdf"],
      [2 * MIN, "s1", "suggest", "pdf"],
      ...Array.from({ length: 7 }, (_, i): Ev => [i * 10 * MIN, `n${i}`, "suggest", "noise"]),
    ];
    const sorted = await replay(events);
    const reversed = await replay([...events].reverse());
    expect(reversed).toEqual(sorted);
  });

  it("keeps interleaved sessions apart: a load credits only its own session's suggestion", async () => {
    const r = await replay([
      [0, "a", "suggest", "pdf"],
      [MIN, "b", "suggest", "pdf"],
      [2 * MIN, "a", "load", "pdf"],
      [3 * MIN, "b", "suggest", "xlsx"],
      [4 * MIN, "a", "suggest", "pdf"], // a loaded pdf: duplicate
      [5 * MIN, "b", "suggest", "pdf"], // b did not: shown
    ]);
    expect(r.recorded).toMatchObject({ suggestions: 5, loaded: 1 });
    expect(r.removed).toMatchObject({ duplicates: 1, rejected: 0 });
  });

  it("counts two sessions suggesting one skill in the same millisecond, and credits each its own load", async () => {
    const r = await replay([
      [0, "a", "suggest", "pdf"],
      [0, "b", "suggest", "pdf"],
      [0, "b", "load", "pdf"], // same millisecond: the suggestion comes first, so it is credited
      [MIN, "a", "load", "pdf"],
    ]);
    expect(r.recorded).toEqual({ suggestions: 2, loaded: 2, load_rate: 1 });
    expect(r.replayed).toEqual(r.recorded);
  });

  it("counts bad lines with their numbers and goes on; an empty log is a valid empty report", async () => {
    const { events, badLines } = await readReplayLog([
      line([0, "s", "suggest", "pdf"]),
      "not json",
      JSON.stringify({ ts: "2026-11-02T00:00:00Z", session: "s", kind: "peek", skill: "pdf" }),
      JSON.stringify({ ts: "yesterday", session: "s", kind: "load", skill: "pdf" }),
      JSON.stringify({ ts: "2026-11-02T00:00:00Z", kind: "load", skill: "pdf" }),
      "",
    ]);
    expect(events.length).toBe(1);
    expect(badLines.count).toBe(4);
    expect(badLines.first.map((b) => b.line)).toEqual([2, 3, 4, 5]);
    expect(badLines.first.map((b) => b.problem)).toEqual(["not JSON", expect.stringContaining("kind"), "ts: not an ISO-8601 time", "session: missing"]);
    const empty = await replay([]);
    expect(empty).toMatchObject({ events: 0, recorded: { suggestions: 0, loaded: 0, load_rate: 0 }, replayed: { suggestions: 0 }, skills: [], days: [] });
  });

  it("reports per skill and per day", async () => {
    const r = await replay([
      [0, "s1", "suggest", "pdf"],
      [MIN, "s1", "load", "pdf"],
      [2 * MIN, "s1", "suggest", "pdf"],
      [D, "s2", "suggest", "xlsx"],
    ]);
    expect(r.skills[0]).toEqual({ skill: "pdf", recorded: 2, recorded_loaded: 1, replayed: 1, replayed_loaded: 1, duplicates: 1, rejected: 0, loads_lost: 0 });
    expect(r.days.map((d) => [d.day, d.recorded, d.replayed])).toEqual([
      ["2026-11-02", 2, 1],
      ["2026-11-03", 1, 1],
    ]);
  });
});

describe("replay: invariants over random logs", () => {
  const event = fc.tuple(
    fc.integer({ min: 0, max: 20 * D }),
    fc.constantFrom("s1", "s2", "s3", "s4", "s5", "s6"),
    fc.constantFrom<"suggest" | "load">("suggest", "suggest", "load"),
    fc.constantFrom("pdf", "xlsx", "noise", "docx"),
  );
  const rules = fc.record({
    dedup_loaded: fc.boolean(),
    suppression: fc.record({
      enabled: fc.boolean(),
      min_suggestions: fc.integer({ min: 1, max: 8 }),
      window_days: fc.integer({ min: 1, max: 20 }),
      retry_hours: fc.integer({ min: 0, max: 48 }),
    }),
    attribution_minutes: fc.integer({ min: 0, max: 600 }),
  });

  it("replayed + duplicates + rejected = recorded; replayed loads + loads lost = recorded loads; all rules off ⇒ replayed = recorded", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 300 }), rules, async (events, raw) => {
        const config = RulesConfig.parse(raw);
        const r = await replay(events as Ev[], config);
        expect(r.replayed.suggestions + r.removed.duplicates + r.removed.rejected).toBe(r.recorded.suggestions);
        expect(r.replayed.loaded + r.removed.loads_lost).toBe(r.recorded.loaded);
        expect(r.replayed.loaded).toBeLessThanOrEqual(r.replayed.suggestions);
        const off = await replay(events as Ev[], RulesConfig.parse({ ...raw, dedup_loaded: false, suppression: { ...raw.suppression, enabled: false } }));
        expect(off.replayed).toEqual(off.recorded);
      }),
      { numRuns: 200 },
    );
  });
});

describe("replay a slice at a time", () => {
  it("gives the same report as at once, with its share done rising from 0 (sorting) to below 1", async () => {
    const events: Ev[] = Array.from({ length: 40 }, (_, i) => [i * 7 * MIN, `s${i % 3}`, i % 4 === 3 ? "load" : "suggest", `k${i % 5}`]);
    const { events: columns, badLines } = await readReplayLog(events.map(line));
    const steps = replaySteps(columns, DEFAULT_RULES, badLines, 6);
    const shares: number[] = [];
    for (;;) {
      const step = steps.next();
      if (step.done) {
        expect(step.value).toEqual(runReplay(columns, DEFAULT_RULES, badLines));
        break;
      }
      shares.push(step.value);
    }
    expect(shares.slice(0, 2)).toEqual([0, 0]); // the sort's passes
    expect(shares.slice(2)).toHaveLength(6); // a slice of 6 events at a time
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.slice(2).every((s) => s > 0 && s < 1)).toBe(true);
  });
});
