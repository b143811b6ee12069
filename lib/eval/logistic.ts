/** One training row: features, label, and how much it counts. */
export interface WeightedRow {
  x: readonly number[];
  y: 0 | 1;
  weight: number;
}

/** Log-odds of a row under weights [w_1 … w_d, bias]. */
export function logOdds(weights: readonly number[], x: readonly number[]): number {
  let z = weights[x.length];
  for (let k = 0; k < x.length; k++) z += weights[k] * x[k];
  return z;
}

/**
 * Weighted logistic regression by Newton's method, with a small L2 penalty
 * on the feature weights (not the bias) so collinear features stay
 * finite: a handful of features, exact and fast. Returns [w_1 … w_d, bias].
 */
export function fitLogistic(data: readonly WeightedRow[], l2 = 1e-3): number[] {
  const d = data[0].x.length + 1;
  const total = data.reduce((s, r) => s + r.weight, 0);
  let weights = new Array(d).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const grad = new Array(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const r of data) {
      const x = [...r.x, 1];
      const p = 1 / (1 + Math.exp(-logOdds(weights, r.x)));
      for (let a = 0; a < d; a++) {
        grad[a] += r.weight * (r.y - p) * x[a];
        for (let b = 0; b < d; b++) hess[a][b] += r.weight * p * (1 - p) * x[a] * x[b];
      }
    }
    for (let a = 0; a < d - 1; a++) {
      grad[a] -= l2 * total * weights[a];
      hess[a][a] += l2 * total;
    }
    hess[d - 1][d - 1] += 1e-9 * total;
    const step = solve(hess, grad);
    weights = weights.map((v, k) => v + step[k]);
    if (step.every((s) => Math.abs(s) < 1e-9)) break;
  }
  return weights;
}

/** Gauss–Jordan with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}
