import { describe, expect, it } from "vitest";
import { auroc, percentile, recallAt, reciprocalRank } from "./metrics";

describe("eval metrics", () => {
  it("auroc is 1 for perfect separation, 0.5 for ties, 0 when inverted", () => {
    expect(auroc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(auroc([0.5, 0.5], [0.5])).toBe(0.5);
    expect(auroc([0.1], [0.9])).toBe(0);
    expect(auroc([0.6, 0.2], [0.4])).toBe(0.5);
    expect(auroc([], [1])).toBeNull();
  });
  it("percentile uses nearest rank", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
  });
  it("ranking metrics", () => {
    const rel = new Set(["b", "z"]);
    expect(reciprocalRank(["a", "b", "c"], rel, 10)).toBe(0.5);
    expect(reciprocalRank(["a", "b"], rel, 1)).toBe(0);
    expect(recallAt(["b", "c", "z"], rel, 3)).toBe(1);
    expect(recallAt(["b", "c", "z"], rel, 2)).toBe(0.5);
  });
});
