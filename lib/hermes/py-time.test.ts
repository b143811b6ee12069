import { describe, expect, it } from "vitest";
import { formatPyTime, parsePyTime } from "./py-time";

describe("Hermes timestamps", () => {
  it("writes Python's aware-UTC isoformat: +00:00, microseconds from a millisecond clock, no zero fraction", () => {
    const shape = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/;
    expect(formatPyTime(Date.parse("2026-04-30T12:00:00Z"))).toBe("2026-04-30T12:00:00+00:00");
    expect(formatPyTime(Date.parse("2026-04-30T12:00:00.123Z"))).toBe("2026-04-30T12:00:00.123000+00:00");
    for (const ms of [0, 1, 999, Date.now()]) expect(formatPyTime(Date.parse("2026-01-01T00:00:00Z") + ms)).toMatch(shape);
  });

  it("reads what fromisoformat reads: Z, offsets, naive (UTC), date only, space separator, 1–6 fraction digits", () => {
    const at = Date.parse("2026-05-04T01:02:03Z");
    expect(parsePyTime("2026-05-04T01:02:03+00:00")).toBe(at);
    expect(parsePyTime("2026-05-04T01:02:03Z")).toBe(at);
    expect(parsePyTime("2026-05-04T01:02:03")).toBe(at);
    expect(parsePyTime("2026-05-04 01:02:03")).toBe(at);
    expect(parsePyTime("2026-05-04T03:02:03+02:00")).toBe(at);
    expect(parsePyTime("2026-05-04")).toBe(Date.parse("2026-05-04T00:00:00Z"));
    expect(parsePyTime("2026-05-04T01")).toBe(Date.parse("2026-05-04T01:00:00Z"));
    expect(parsePyTime("2026-05-04T01:02:03.5+00:00")).toBe(at + 500);
    expect(parsePyTime("2026-05-03T11:22:33.444444+00:00")).toBeCloseTo(Date.parse("2026-05-03T11:22:33.444Z") + 0.444, 6);
  });

  it("gives null for anything else", () => {
    for (const bad of [null, 3, "", "yesterday", "2026-02-30", "2026-13-01", "2026-05-04T25:00", "2026-05-04T01:02:03.1234567", "2026-05-04T01:02:03+25:00"]) {
      expect(parsePyTime(bad)).toBeNull();
    }
  });
});
