import { describe, expect, it } from "vitest";
import { fitLogistic, logOdds } from "./logistic";

describe("fitLogistic", () => {
  it("recovers the weights of data drawn from a known logistic model", () => {
    // A deterministic grid of x with labels in the exact proportions the model gives.
    const truth = [2, -1, 0.5];
    const rows = [];
    for (let a = -2; a <= 2; a += 0.25) {
      for (let b = -2; b <= 2; b += 0.25) {
        const p = 1 / (1 + Math.exp(-logOdds(truth, [a, b])));
        rows.push({ x: [a, b], y: 1 as const, weight: p }, { x: [a, b], y: 0 as const, weight: 1 - p });
      }
    }
    const w = fitLogistic(rows, 0);
    w.forEach((v, k) => {
      expect(v).toBeCloseTo(truth[k], 4);
    });
  });

  it("stays finite on separable data thanks to the penalty", () => {
    const rows = [
      { x: [1], y: 1 as const, weight: 1 },
      { x: [-1], y: 0 as const, weight: 1 },
    ];
    const w = fitLogistic(rows);
    expect(w.every(Number.isFinite)).toBe(true);
    expect(w[0]).toBeGreaterThan(0);
  });
});
