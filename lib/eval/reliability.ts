import { MATCH_BUCKETS, matchBucketOf } from "../vocab/match-buckets";

/** One bucket of a reliability table: loads whose match fell in [from, to), and how many of them were right. */
export interface ReliabilityRow {
  from: number;
  to: number;
  loads: number;
  right: number;
  /** right / loads; null for an empty bucket. */
  share: number | null;
}

/**
 * "Calibrated means calibrated": among loads with match in [0.5, 0.6), about
 * 55% should be right. Buckets from the load line up (below it nothing loads).
 */
export function reliabilityTable(loads: readonly { match: number; right: boolean }[]): ReliabilityRow[] {
  return MATCH_BUCKETS.map(({ from, to }, k) => {
    const inBucket = loads.filter((l) => matchBucketOf(l.match) === k);
    const right = inBucket.filter((l) => l.right).length;
    return { from, to, loads: inBucket.length, right, share: inBucket.length ? Math.round((right / inBucket.length) * 1000) / 1000 : null };
  });
}
