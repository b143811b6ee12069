/**
 * Latencies are counted in buckets so per-hour rollups stay small: exact under
 * 100 ms, then 10 ms wide under 1 s, 100 ms under 10 s, 1 s beyond. A
 * percentile read from buckets is the lower edge of its bucket (within 10%).
 * The migration that backfills rollups spells the same rule in SQL.
 */
export function latencyBucket(ms: number): number {
  if (ms < 100) return ms;
  if (ms < 1_000) return ms - (ms % 10);
  if (ms < 10_000) return ms - (ms % 100);
  return ms - (ms % 1_000);
}

/** Nearest-rank percentile of a histogram of (value, count) pairs. */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, total: number, p: number): number | null {
  if (total === 0) return null;
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  let seen = 0;
  for (const value of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(value)!;
    if (seen >= rank) return value;
  }
  return null;
}
