import { describe, expect, it } from "vitest";
import { reliabilityTable } from "./reliability";

describe("reliabilityTable", () => {
  it("counts loads by tenths from the load line, the last bucket closed at 1.0", () => {
    const rows = reliabilityTable([
      { match: 0.5, right: true },
      { match: 0.599, right: false },
      { match: 0.6, right: true },
      { match: 1, right: true },
      { match: 0.49, right: true }, // below the load line: no bucket
    ]);
    expect(rows.map((r) => [r.from, r.loads, r.right, r.share])).toEqual([
      [0.5, 2, 1, 0.5],
      [0.6, 1, 1, 1],
      [0.7, 0, 0, null],
      [0.8, 0, 0, null],
      [0.9, 1, 1, 1],
    ]);
  });
});
