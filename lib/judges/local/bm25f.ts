import type { SkillCard } from "../../catalog/types";
import { getOrCreate } from "../../collections";
import { type TermCounts, termCounts } from "./analyze";

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
    const fields = skills.map(fieldTermsOf);
    const avgName = average(fields.map((f) => f.name.length));
    const avgDesc = average(fields.map((f) => f.description.length));
    // Over the skills that have a body: one without is not a short one.
    const avgBody = average(fields.map((f) => f.body.length).filter((n) => n > 0));
    const perTerm = new Map<string, { doc: number; tf: number }[]>();
    for (let doc = 0; doc < skills.length; doc++) {
      const { name, description, body } = fields[doc];
      const weighted = new Map<string, number>();
      const add = (field: TermCounts, weight: number, b: number, avg: number) => {
        if (weight <= 0) return;
        const perOccurrence = weight / (1 - b + (b * field.length) / avg);
        for (let k = 0; k < field.terms.length; k++) weighted.set(field.terms[k], (weighted.get(field.terms[k]) ?? 0) + field.counts[k] * perOccurrence);
      };
      add(name, params.nameWeight, params.nameB, avgName);
      add(description, params.descriptionWeight, params.descriptionB, avgDesc);
      add(body, params.bodyWeight, params.bodyB, avgBody);
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

/** A card's terms per field. */
export interface FieldTerms {
  name: TermCounts;
  description: TermCounts;
  body: TermCounts;
}

/**
 * Tokenized once per card: discovery keeps one card object per version of a
 * SKILL.md (re-read only when its stamp changes), so a catalog change costs
 * the tokenizing of what changed, not of every body again.
 */
const fieldTermsCache = new WeakMap<SkillCard, FieldTerms>();
const NO_TERMS: TermCounts = { terms: [], counts: new Int32Array(0), length: 0 };

/** Cards tokenized so far in this process (a benchmark's and a test's view of the cache). */
export let cardsTokenized = 0;

/** Tokenize a card's fields now, if not yet: a background build does this a few cards at a time. */
export function fieldTermsOf(card: SkillCard): FieldTerms {
  let f = fieldTermsCache.get(card);
  if (!f) {
    f = { name: termCounts(card.name), description: termCounts(card.description), body: card.body ? termCounts(card.body) : NO_TERMS };
    fieldTermsCache.set(card, f);
    cardsTokenized++;
  }
  return f;
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
