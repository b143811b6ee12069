import type { SkillCard } from "../../catalog/types";
import { getOrCreate } from "../../collections";
import { terms } from "./analyze";

/** BM25F parameters: name and description measured on MetaTool (`jev eval` on fixtures/metatool), the body on the body development set. */
export const BM25F = {
  k1: 2,
  nameWeight: 2,
  descriptionWeight: 1,
  nameB: 0.5,
  descriptionB: 0.75,
  bodyWeight: 0.25,
  bodyB: 1,
};
export type Bm25fParams = typeof BM25F;

/**
 * IDF is computed as if the catalog held at least this many skills (the rest
 * not containing the term). BM25's IDF shrinks with catalog size, so without a
 * floor the same evidence scores lower in a 10-skill catalog than in an
 * 800-skill one, and the calibrated `match` (fitted on ~200–900 skills) would
 * say "don't load" far too often for small catalogs. Larger catalogs are unchanged.
 */
export const IDF_REFERENCE_SIZE = 200;

interface Postings {
  docs: Int32Array;
  /** idf × saturated field-weighted tf, precomputed: a query only adds these up. */
  contributions: Float64Array;
}

/** An inverted BM25F index over the name, description and (when read) body of one catalog snapshot. */
export class Bm25fIndex {
  private readonly postings = new Map<string, Postings>();
  readonly size: number;

  constructor(skills: readonly SkillCard[], params: Bm25fParams = BM25F) {
    this.size = skills.length;
    const nameTerms = skills.map((s) => terms(s.name));
    const descTerms = skills.map((s) => terms(s.description));
    const bodyTerms = skills.map((s) => (params.bodyWeight > 0 && s.body ? terms(s.body) : []));
    const avgName = average(nameTerms.map((t) => t.length));
    const avgDesc = average(descTerms.map((t) => t.length));
    // Over the skills that have a body: one without is not a short one.
    const avgBody = average(bodyTerms.map((t) => t.length).filter((n) => n > 0));
    const perTerm = new Map<string, { doc: number; tf: number }[]>();
    for (let doc = 0; doc < skills.length; doc++) {
      const nameNorm = 1 - params.nameB + (params.nameB * nameTerms[doc].length) / avgName;
      const descNorm = 1 - params.descriptionB + (params.descriptionB * descTerms[doc].length) / avgDesc;
      const bodyNorm = 1 - params.bodyB + (params.bodyB * bodyTerms[doc].length) / avgBody;
      const weighted = new Map<string, number>();
      for (const t of nameTerms[doc]) weighted.set(t, (weighted.get(t) ?? 0) + params.nameWeight / nameNorm);
      for (const t of descTerms[doc]) weighted.set(t, (weighted.get(t) ?? 0) + params.descriptionWeight / descNorm);
      for (const t of bodyTerms[doc]) weighted.set(t, (weighted.get(t) ?? 0) + params.bodyWeight / bodyNorm);
      for (const [t, tf] of weighted) {
        getOrCreate(perTerm, t, () => []).push({ doc, tf });
      }
    }
    const n = Math.max(skills.length, IDF_REFERENCE_SIZE);
    for (const [t, list] of perTerm) {
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      const docs = new Int32Array(list.length);
      const contributions = new Float64Array(list.length);
      list.forEach(({ doc, tf }, i) => {
        docs[i] = doc;
        contributions[i] = (idf * (tf * (params.k1 + 1))) / (tf + params.k1);
      });
      this.postings.set(t, { docs, contributions });
    }
  }

  /** Scores of every skill for a query; query terms weighted 1 + ln(count). */
  score(queryTerms: readonly string[]): Float64Array {
    const scores = new Float64Array(this.size);
    for (const [t, count] of countTerms(queryTerms)) {
      const p = this.postings.get(t);
      if (!p) continue;
      const weight = 1 + Math.log(count);
      for (let i = 0; i < p.docs.length; i++) scores[p.docs[i]] += weight * p.contributions[i];
    }
    return scores;
  }
}

function countTerms(list: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

function average(values: number[]): number {
  if (values.length === 0) return 1;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return mean > 0 ? mean : 1;
}
