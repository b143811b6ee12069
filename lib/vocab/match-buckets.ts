import { THRESHOLDS } from "./limits";

/**
 * The match buckets of every reliability table (`jev eval`'s and the
 * Decisions page's): tenths from the load line to 1, the last one closed.
 */
export const MATCH_BUCKETS: readonly { from: number; to: number }[] = Array.from({ length: Math.round((1 - THRESHOLDS.load) * 10) }, (_, k) => ({
  from: Math.round((THRESHOLDS.load + k / 10) * 10) / 10,
  to: Math.round((THRESHOLDS.load + (k + 1) / 10) * 10) / 10,
}));

/** The bucket a match falls in (the last one holds 1.0), or -1 below the load line. */
export function matchBucketOf(match: number): number {
  if (!(match >= MATCH_BUCKETS[0].from)) return -1;
  const k = MATCH_BUCKETS.findIndex((b) => match < b.to);
  return k < 0 ? MATCH_BUCKETS.length - 1 : k;
}
