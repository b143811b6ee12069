import { processWide } from "../../base/process-state";

/** A root an API client named that the server would not read, as the Overview and `jev doctor` show it. */
export interface LeftOutRoot {
  root: string;
  why: string;
  /** Requests it was left out of since the server started. */
  requests: number;
  /** Epoch milliseconds of the latest. */
  lastAt: number;
}

/** At most this many roots are remembered (the most recent); a client sending a new path each turn cannot grow it. */
const KEPT = 20;
/** Paths longer than this are shown cut (they are the client's text). */
const SHOWN_CHARS = 200;

/** Process-wide: the routes and the dashboard may hold two copies of this module. */
const leftOut = processWide("jev.leftOutRoots", () => new Map<string, LeftOutRoot>());

export const shownRoot = (root: string) => (root.length > SHOWN_CHARS ? `${root.slice(0, SHOWN_CHARS)}…` : root);

/** Count one request that left `root` out. */
export function noteLeftOutRoot(root: string, why: string, at = Date.now()): void {
  const key = shownRoot(root);
  const seen = leftOut.get(key);
  leftOut.delete(key);
  leftOut.set(key, { root: key, why, requests: (seen?.requests ?? 0) + 1, lastAt: at });
  while (leftOut.size > KEPT) leftOut.delete(leftOut.keys().next().value as string);
}

/** The roots left out since start, the most recent first. */
export function leftOutRoots(): LeftOutRoot[] {
  return [...leftOut.values()].reverse();
}

/** For tests: forget every root. */
export function forgetLeftOutRoots(): void {
  leftOut.clear();
}
