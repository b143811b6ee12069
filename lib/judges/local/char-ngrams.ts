import type { SkillCard } from "../../catalog/types";
import { contentWords } from "./analyze";

const MIN_N = 3;
const MAX_N = 5;

/** Character 3–5-grams inside word boundaries (" word " padded), with counts. */
export function charNgrams(words: readonly string[]): Map<string, number> {
  const grams = new Map<string, number>();
  for (const w of words) {
    const padded = ` ${w} `;
    const chars = Array.from(padded);
    for (let n = MIN_N; n <= MAX_N; n++) {
      for (let i = 0; i + n <= chars.length; i++) {
        const g = chars.slice(i, i + n).join("");
        grams.set(g, (grams.get(g) ?? 0) + 1);
      }
    }
  }
  return grams;
}

interface Postings {
  docs: Int32Array;
  weights: Float64Array;
}

/**
 * TF-IDF cosine over character n-grams: catches what stems miss (partial words,
 * compounds like "weatherapi", other scripts without spaces). Document vectors
 * are built once per catalog snapshot.
 */
export class CharNgramIndex {
  private readonly postings = new Map<string, Postings>();
  private readonly idf = new Map<string, number>();
  /** Weight of an n-gram no skill has: it still counts in the query's norm. */
  private readonly unseenIdf: number;
  readonly size: number;

  constructor(skills: readonly SkillCard[]) {
    this.size = skills.length;
    const docGrams = skills.map((s) => charNgrams(contentWords(`${s.name} ${s.description}`)));
    const df = new Map<string, number>();
    for (const grams of docGrams) for (const g of grams.keys()) df.set(g, (df.get(g) ?? 0) + 1);
    const n = skills.length;
    for (const [g, d] of df) this.idf.set(g, Math.log((1 + n) / (1 + d)) + 1);
    this.unseenIdf = Math.log(1 + n) + 1;
    const perGram = new Map<string, { doc: number; w: number }[]>();
    docGrams.forEach((grams, doc) => {
      const weighted: [string, number][] = [];
      let norm = 0;
      for (const [g, count] of grams) {
        const w = (1 + Math.log(count)) * (this.idf.get(g) ?? 0);
        weighted.push([g, w]);
        norm += w * w;
      }
      norm = Math.sqrt(norm) || 1;
      for (const [g, w] of weighted) {
        let list = perGram.get(g);
        if (!list) perGram.set(g, (list = []));
        list.push({ doc, w: w / norm });
      }
    });
    for (const [g, list] of perGram) {
      this.postings.set(g, {
        docs: Int32Array.from(list, (p) => p.doc),
        weights: Float64Array.from(list, (p) => p.w),
      });
    }
  }

  /** Cosine of the query against every skill, in [0, 1]. */
  cosine(queryWords: readonly string[]): Float64Array {
    const scores = new Float64Array(this.size);
    const grams = charNgrams(queryWords);
    const weighted: [Postings | undefined, number][] = [];
    let norm = 0;
    for (const [g, count] of grams) {
      const w = (1 + Math.log(count)) * (this.idf.get(g) ?? this.unseenIdf);
      norm += w * w;
      weighted.push([this.postings.get(g), w]);
    }
    if (norm === 0) return scores;
    norm = Math.sqrt(norm);
    for (const [p, w] of weighted) {
      if (!p) continue;
      const qw = w / norm;
      for (let i = 0; i < p.docs.length; i++) scores[p.docs[i]] += qw * p.weights[i];
    }
    return scores;
  }
}
