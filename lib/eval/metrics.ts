/** Area under the ROC curve (Mann–Whitney U; ties count half). */
export function auroc(positives: readonly number[], negatives: readonly number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const all = [...positives.map((s) => ({ s, pos: true })), ...negatives.map((s) => ({ s, pos: false }))];
  all.sort((a, b) => a.s - b.s);
  let rankSumPos = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j].s === all[i].s) j++;
    const midRank = (i + 1 + j) / 2; // 1-based average rank of the tie group
    for (let k = i; k < j; k++) if (all[k].pos) rankSumPos += midRank;
    i = j;
  }
  const u = rankSumPos - (positives.length * (positives.length + 1)) / 2;
  return u / (positives.length * negatives.length);
}

/** Percentile by nearest rank on a sorted copy. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** Reciprocal rank of the first relevant item within the first `k`, else 0. */
export function reciprocalRank(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const at = ranking.slice(0, k).findIndex((p) => relevant.has(p));
  return at < 0 ? 0 : 1 / (at + 1);
}

/** Share of the relevant items found in the first `k`. */
export function recallAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  return ranking.slice(0, k).filter((p) => relevant.has(p)).length / relevant.size;
}

export function round(x: number | null, digits = 4): number | null {
  return x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits;
}
