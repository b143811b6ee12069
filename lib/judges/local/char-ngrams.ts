import type { SkillCard } from "../../catalog/types";
import { contentWords } from "./analyze";
import { IDF_REFERENCE_SIZE } from "./bm25f";

const MIN_N = 3;
const MAX_N = 5;
const SURROGATE = /[\uD800-\uDFFF]/;

/** Visit the character 3–5-grams inside word boundaries (" word " padded). */
export function forEachNgram(words: readonly string[], visit: (gram: string) => void): void {
  for (const w of words) {
    const padded = ` ${w} `;
    // Slicing by UTF-16 units is exact unless the word has astral characters.
    const chars = SURROGATE.test(padded) ? Array.from(padded) : null;
    const length = chars ? chars.length : padded.length;
    for (let n = MIN_N; n <= MAX_N; n++) {
      for (let i = 0; i + n <= length; i++) visit(chars ? chars.slice(i, i + n).join("") : padded.slice(i, i + n));
    }
  }
}

/** N-gram counts of a word list. */
export function charNgrams(words: readonly string[]): Map<string, number> {
  const grams = new Map<string, number>();
  forEachNgram(words, (g) => grams.set(g, (grams.get(g) ?? 0) + 1));
  return grams;
}

/**
 * TF-IDF cosine over character n-grams: catches what stems miss (partial words,
 * compounds like "weatherapi", scripts written without spaces). Built once per
 * catalog snapshot as compressed postings (n-gram id → docs, weights).
 */
export class CharNgramIndex {
  private readonly ids = new Map<string, number>();
  private readonly idf: Float64Array;
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly weights: Float32Array;
  /** Weight of an n-gram no skill has: it still counts in the query's norm. */
  private readonly unseenIdf: number;
  readonly size: number;

  constructor(skills: readonly SkillCard[]) {
    this.size = skills.length;
    // Pass 1: per-document n-gram id counts, and document frequencies.
    const perDoc: Map<number, number>[] = [];
    const df: number[] = [];
    for (const s of skills) {
      const counts = new Map<number, number>();
      forEachNgram(contentWords(`${s.name} ${s.description}`), (g) => {
        let id = this.ids.get(g);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(g, id);
          df.push(0);
        }
        const c = counts.get(id);
        if (c === undefined) df[id]++;
        counts.set(id, (c ?? 0) + 1);
      });
      perDoc.push(counts);
    }
    const n = Math.max(skills.length, IDF_REFERENCE_SIZE); // see IDF_REFERENCE_SIZE
    this.idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
    this.unseenIdf = Math.log(1 + n) + 1;
    // Pass 2: postings laid out by n-gram id, weights L2-normalised per document.
    this.offsets = new Int32Array(df.length + 1);
    for (let id = 0; id < df.length; id++) this.offsets[id + 1] = this.offsets[id] + df[id];
    const total = this.offsets[df.length];
    this.docs = new Int32Array(total);
    this.weights = new Float32Array(total);
    const fill = this.offsets.slice(0, df.length);
    perDoc.forEach((counts, doc) => {
      let norm = 0;
      for (const [id, c] of counts) norm += ((1 + Math.log(c)) * this.idf[id]) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (const [id, c] of counts) {
        const at = fill[id]++;
        this.docs[at] = doc;
        this.weights[at] = ((1 + Math.log(c)) * this.idf[id]) / norm;
      }
    });
  }

  /** Cosine of the query against every skill, in [0, 1]. */
  cosine(queryWords: readonly string[]): Float64Array {
    const scores = new Float64Array(this.size);
    const grams = charNgrams(queryWords);
    let norm = 0;
    const known: [number, number][] = [];
    for (const [g, count] of grams) {
      const id = this.ids.get(g);
      const w = (1 + Math.log(count)) * (id === undefined ? this.unseenIdf : this.idf[id]);
      norm += w * w;
      if (id !== undefined) known.push([id, w]);
    }
    if (norm === 0) return scores;
    norm = Math.sqrt(norm);
    for (const [id, w] of known) {
      const qw = w / norm;
      for (let k = this.offsets[id]; k < this.offsets[id + 1]; k++) scores[this.docs[k]] += qw * this.weights[k];
    }
    return scores;
  }
}
