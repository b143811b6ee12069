import { dot } from "../judges/local/dense/encoder";

/*
 * Skills that mean the same thing, from the sentence encoder's vector of each card (its name and whole description):
 * two skills pair when each is among the other's nearest by cosine and the cosine is high. Words need not be shared:
 * "artifacts-builder" and "web-artifacts-builder" say the same thing in different words.
 */

/**
 * The least cosine of two cards that pair. Among the 387,623 pairs of different names in the public catalog of 881
 * skills (bench/overlaps.ts), one in a thousand reaches .61 and one in ten thousand .76; above .8 the pairs read as the
 * same job said twice (web-artifacts-builder and artifacts-builder at .97, two meeting analyzers at .84).
 */
export const MIN_MEANING = 0.8;
/** Nearest neighbours each card keeps: a pair must be mutual within these. */
const NEAREST = 4;

export interface MeaningPair {
  i: number;
  j: number;
  cosine: number;
}

/** Mutual nearest pairs at MIN_MEANING or more, `i < j`, from unit vectors aligned with the cards. */
export function meaningPairs(vectors: readonly Float32Array[]): MeaningPair[] {
  const n = vectors.length;
  const nearest: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  const close: MeaningPair[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const cosine = dot(vectors[i], vectors[j]);
      if (cosine >= MIN_MEANING) close.push({ i, j, cosine });
    }
  close.sort((a, b) => b.cosine - a.cosine);
  for (const { i, j, cosine } of close) {
    if (nearest[i].size < NEAREST) nearest[i].set(j, cosine);
    if (nearest[j].size < NEAREST) nearest[j].set(i, cosine);
  }
  return close.filter(({ i, j }) => nearest[i].has(j) && nearest[j].has(i));
}
