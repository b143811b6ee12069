import { performance } from "node:perf_hooks";

export { percentile } from "../../lib/eval/metrics";

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function timeMs(fn: () => unknown | Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 3 : 1)} ms`;
