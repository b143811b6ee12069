import { describe, expect, it } from "vitest";
import { attributeLoad } from "./attribution";

const MIN = 60_000;
const s = (at: number, loaded = false) => ({ at, loaded });

describe("load attribution", () => {
  it("credits the latest unloaded suggestion within the window, bounds inclusive", () => {
    const load = 100 * MIN;
    const a = s(load - 5 * MIN); // exactly 5:00 before: counts
    const b = s(load - 4 * MIN);
    expect(attributeLoad([a, b], load, 5 * MIN)).toBe(b);
    expect(attributeLoad([a], load, 5 * MIN)).toBe(a);
    expect(attributeLoad([s(load - 5 * MIN - 1)], load, 5 * MIN)).toBeNull(); // 5:00.001 before: too late
  });

  it("4:59 is attributed, 5:01 is not", () => {
    const load = 1_000 * MIN;
    expect(attributeLoad([s(load - 4 * MIN - 59_000)], load, 5 * MIN)).not.toBeNull();
    expect(attributeLoad([s(load - 5 * MIN - 1_000)], load, 5 * MIN)).toBeNull();
  });

  it("skips suggestions already credited and ones after the load", () => {
    const load = 50 * MIN;
    const credited = s(load - MIN, true);
    const later = s(load + 1);
    const earlier = s(load - 2 * MIN);
    expect(attributeLoad([credited, later, earlier], load, 5 * MIN)).toBe(earlier);
    expect(attributeLoad([credited, later], load, 5 * MIN)).toBeNull();
  });

  it("a load before any suggestion is credited to nothing", () => {
    expect(attributeLoad([], 10, 5 * MIN)).toBeNull();
  });
});
