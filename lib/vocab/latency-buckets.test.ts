import { describe, expect, it } from "vitest";
import { percentile } from "../eval/metrics";
import { histogramPercentile, latencyBucket } from "./latency-buckets";

describe("latency buckets", () => {
  it("are exact under 100 ms and coarser above", () => {
    expect([0, 7, 99, 100, 123, 999, 1000, 1234, 9999, 12345].map(latencyBucket)).toEqual([0, 7, 99, 100, 120, 990, 1000, 1200, 9900, 12000]);
  });

  it("percentiles from a histogram equal nearest-rank percentiles of the bucketed values", () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1500).map(latencyBucket);
    const histogram = new Map<number, number>();
    for (const v of values) histogram.set(v, (histogram.get(v) ?? 0) + 1);
    for (const p of [50, 90, 99]) expect(histogramPercentile(histogram, values.length, p)).toBe(percentile(values, p));
    expect(histogramPercentile(new Map(), 0, 50)).toBeNull();
  });
});
