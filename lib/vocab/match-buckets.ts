import { THRESHOLDS } from "../engine/limits";

/**
 * The match buckets of every reliability table (`jev eval`'s and the
 * Decisions page's): tenths from the load line to 1, the last one closed.
 */
export const MATCH_BUCKETS: readonly { from: number; to: number }[] = Array.from({ length: Math.round((1 - THRESHOLDS.load) * 10) }, (_, k) => ({
  from: Math.round((THRESHOLDS.load + k / 10) * 10) / 10,
  to: Math.round((THRESHOLDS.load + (k + 1) / 10) * 10) / 10,
}));
