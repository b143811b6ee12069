import { processWide } from "../../../base/process-state";
import type { SkillCard } from "../../../catalog/types";
import { LOCAL_JUDGE } from "../settings";
import { removeSlotPair } from "./slot-pairs";
import { fieldCounts } from "./term-counter";

export type Bm25fParams = typeof LOCAL_JUDGE.bm25f;

/**
 * One term's postings, as pairs in one array: a slot, and the term's counts there packed in one small integer (name
 * and description 8 bits each, body the rest: a body has at most 8,000 characters, so its counts stay far below 2^14
 * and the packed value a small integer). One array per term: most terms are in a skill or two.
 */
class TermPostings {
  readonly entries: number[] = [];

  get size(): number {
    return this.entries.length >> 1;
  }

  push(slot: number, name: number, description: number, body: number): void {
    this.entries.push(slot, Math.min(name, 255) | (Math.min(description, 255) << 8) | (Math.min(body, 0x7fff) << 16));
  }

  /** Take a slot out; the last pair moves into its place (a skill's score does not depend on the order). */
  remove(slot: number): void {
    removeSlotPair(this.entries, slot);
  }

  private cache: { stamp: number; contributions: Contributions } | null = null;
  private bitsCache: { stamp: number; bits: Uint8Array } | null = null;

  /**
   * The FIELD bits of the term in every slot (0 where it is absent), for a
   * term held by many skills: built at a snapshot's first ask, then a lookup
   * per finalist instead of a walk of the whole list.
   */
  fieldBitsBySlot(stats: Bm25fStats, capacity: number): Uint8Array {
    if (this.bitsCache?.stamp === stats.stamp && this.bitsCache.bits.length >= capacity) return this.bitsCache.bits;
    const bits = new Uint8Array(capacity);
    const e = this.entries;
    for (let i = 0; i < e.length; i += 2) bits[e[i]] = fieldBitsOf(e[i + 1]);
    this.bitsCache = { stamp: stats.stamp, bits };
    return bits;
  }

  /**
   * Each entry's idf × saturated weighted tf under these statistics, over
   * every field (`all`) and over the name and description alone (`routing`,
   * its IDF counting only the skills whose name or description holds the
   * term): computed at a snapshot's first query of the term, then reused.
   */
  contributions(stats: Bm25fStats, k1: number): Contributions {
    if (this.cache?.stamp === stats.stamp) return this.cache.contributions;
    const e = this.entries;
    let routingDf = 0;
    for (let i = 1; i < e.length; i += 2) if ((e[i] & 0xffff) > 0) routingDf++;
    const idf = idfOf(stats.n, this.size);
    const routingIdf = idfOf(stats.n, routingDf);
    const all = new Float64Array(this.size);
    const routing = new Float64Array(this.size);
    for (let i = 0; i < e.length; i += 2) {
      const slot = e[i];
      const name = e[i + 1] & 0xff;
      const description = (e[i + 1] >> 8) & 0xff;
      const body = e[i + 1] >> 16;
      // Field by field in a fixed order, as the weighted term frequency was always summed.
      let tf = 0;
      if (name > 0) tf += name * stats.name[slot];
      if (description > 0) tf += description * stats.description[slot];
      if (tf > 0) routing[i >> 1] = (routingIdf * (tf * (k1 + 1))) / (tf + k1);
      if (body > 0) tf += body * stats.body[slot];
      all[i >> 1] = (idf * (tf * (k1 + 1))) / (tf + k1);
    }
    const contributions = { all, routing };
    this.cache = { stamp: stats.stamp, contributions };
    return contributions;
  }
}

/** A term's contributions to each of its skills' two scores (see TermPostings.contributions). */
interface Contributions {
  all: Float64Array;
  routing: Float64Array;
}

const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Stamps unique across copies of this module (the front door bundles its own). */
const stamps = processWide("jev.bm25fStatsStamps", () => ({ last: 0 }));

/** What scoring needs of the skills held at one moment: each one's weight per occurrence in each field, and the IDF base. */
export interface Bm25fStats {
  /** Unique per computation: what the postings' cached contributions are keyed by. */
  stamp: number;
  n: number;
  name: Float64Array;
  description: Float64Array;
  body: Float64Array;
}

/**
 * An inverted BM25F index over the name, description and (when read) body of the skills it holds, by slot. Skills
 * come and go one at a time (a changed SKILL.md costs its own terms); what depends on all of them (average field
 * lengths, IDF) is computed per catalog snapshot (`stats`) and at query time, so the scores are exactly those of an
 * index built afresh.
 */
export class Bm25fIndex {
  private readonly postings = new Map<string, TermPostings>();
  private readonly termsOf: (string[] | null)[] = [];
  private readonly lengths: { name: number[]; description: number[]; body: number[] } = { name: [], description: [], body: [] };

  constructor(readonly params: Bm25fParams = LOCAL_JUDGE.bm25f) {}

  add(slot: number, card: SkillCard): void {
    const f = fieldTermsOf(card);
    const held = this.params.bodyWeight > 0 ? f : withoutBody(f);
    for (let k = 0; k < held.terms.length; k++) {
      const term = held.terms[k];
      let postings = this.postings.get(term);
      if (postings === undefined) {
        postings = new TermPostings();
        this.postings.set(term, postings);
      }
      postings.push(slot, held.name[k], held.description[k], held.body[k]);
    }
    this.termsOf[slot] = held.terms;
    this.lengths.name[slot] = f.lengths.name;
    this.lengths.description[slot] = f.lengths.description;
    this.lengths.body[slot] = f.lengths.body;
  }

  remove(slot: number): void {
    for (const t of this.termsOf[slot] ?? []) {
      const p = this.postings.get(t);
      if (!p) continue;
      p.remove(slot);
      if (p.size === 0) this.postings.delete(t);
    }
    this.termsOf[slot] = null;
  }

  /** The per-snapshot statistics over exactly these slots (the skills held now). */
  stats(slots: Int32Array, capacity: number): Bm25fStats {
    const p = this.params;
    const avg = (values: number[], onlyPositive: boolean) => {
      let sum = 0;
      let count = 0;
      for (const slot of slots) {
        const v = values[slot];
        if (onlyPositive && v <= 0) continue;
        sum += v;
        count++;
      }
      const mean = count === 0 ? 1 : sum / count;
      return mean > 0 ? mean : 1;
    };
    const avgName = avg(this.lengths.name, false);
    const avgDesc = avg(this.lengths.description, false);
    // Over the skills that have a body: one without is not a short one.
    const avgBody = avg(this.lengths.body, true);
    const perOccurrence = (values: number[], weight: number, b: number, mean: number) => {
      const out = new Float64Array(capacity);
      for (const slot of slots) out[slot] = weight / (1 - b + (b * values[slot]) / mean);
      return out;
    };
    return {
      stamp: ++stamps.last,
      n: Math.max(slots.length, LOCAL_JUDGE.idfReferenceSize),
      name: perOccurrence(this.lengths.name, p.nameWeight, p.nameB, avgName),
      description: perOccurrence(this.lengths.description, p.descriptionWeight, p.descriptionB, avgDesc),
      body: perOccurrence(this.lengths.body, p.bodyWeight, p.bodyB, avgBody),
    };
  }

  /**
   * Scores by slot for a query, each term's contribution times its weight
   * (turn-reading.ts): BM25F over every field into `scores`, and over the
   * name and description alone into `routing` (local-index.ts blends the two).
   */
  score(query: ReadonlyMap<string, number>, stats: Bm25fStats, scores: Float64Array, routing: Float64Array): void {
    const { k1 } = this.params;
    for (const [t, weight] of query) {
      const p = this.postings.get(t);
      if (!p) continue;
      const { all, routing: byRouting } = p.contributions(stats, k1);
      const e = p.entries;
      for (let i = 0; i < e.length; i += 2) {
        scores[e[i]] += weight * all[i >> 1];
        routing[e[i]] += weight * byRouting[i >> 1];
      }
    }
  }

  /**
   * Which of the query's terms each of a few slots holds, field by field:
   * what the load decision reads beyond the score (how much of the turn a
   * skill explains, and through which field). Costs one walk of the terms'
   * postings, so it is asked for the finalists only.
   */
  termMatches(query: ReadonlyMap<string, number>, stats: Bm25fStats, slots: readonly number[]): TermMatches {
    const terms = [...query.keys()];
    const idf = new Float64Array(terms.length);
    const known = new Uint8Array(terms.length);
    const fields = slots.map(() => new Uint8Array(terms.length));
    // Each asked slot's place + 1, by slot: a typed-array lookup per posting, not a Map's.
    const place = this.placeOf(slots);
    terms.forEach((t, j) => {
      const p = this.postings.get(t);
      const df = p?.size ?? 0;
      idf[j] = idfOf(stats.n, df);
      if (!p) return;
      known[j] = 1;
      if (df > WALK_AT_MOST) {
        const bits = p.fieldBitsBySlot(stats, this.termsOf.length);
        slots.forEach((slot, k) => {
          fields[k][j] = bits[slot];
        });
        return;
      }
      const e = p.entries;
      for (let i = 0; i < e.length; i += 2) {
        const k = place[e[i]] - 1;
        if (k >= 0) fields[k][j] = fieldBitsOf(e[i + 1]);
      }
    });
    for (const slot of slots) place[slot] = 0;
    return { terms, idf, known, fields, nameLengths: slots.map((slot) => this.lengths.name[slot] ?? 0) };
  }

  private places = new Int32Array(0);

  /** The reusable slot → place + 1 table, with these slots marked (the caller clears them). */
  private placeOf(slots: readonly number[]): Int32Array {
    const size = this.termsOf.length;
    if (this.places.length < size) this.places = new Int32Array(Math.max(size, this.places.length * 2));
    slots.forEach((slot, k) => {
      this.places[slot] = k + 1;
    });
    return this.places;
  }
}

/** Bits of a term's fields in one skill (`TermMatches.fields`). */
export const FIELD = { name: 1, description: 2, body: 4 } as const;

/** A posting's packed counts as FIELD bits. */
function fieldBitsOf(packed: number): number {
  return ((packed & 0xff) > 0 ? FIELD.name : 0) | (((packed >> 8) & 0xff) > 0 ? FIELD.description : 0) | (packed >> 16 > 0 ? FIELD.body : 0);
}

/** Postings longer than this are read through their cached by-slot bits (a byte per skill) rather than walked. */
const WALK_AT_MOST = 48;

/** The query's terms against a few skills: each term's IDF, whether the catalog has it at all, and its fields in each skill. */
export interface TermMatches {
  terms: string[];
  idf: Float64Array;
  known: Uint8Array;
  /** Per asked slot (in the order asked), per term: FIELD bits. */
  fields: Uint8Array[];
  /** Per asked slot: how many terms its name has. */
  nameLengths: number[];
}

/** A card's terms: each once (the name's first, then the description's, then the body's), with its count in each field. */
export interface FieldTerms {
  terms: string[];
  name: Int32Array;
  description: Int32Array;
  body: Int32Array;
  /** Each field's term count (its length). */
  lengths: { name: number; description: number; body: number };
  /** The same without the body's terms (an index that does not read bodies), made once when asked. */
  withoutBody?: FieldTerms;
}

function withoutBody(f: FieldTerms): FieldTerms {
  if (f.withoutBody) return f.withoutBody;
  const kept: number[] = [];
  for (let k = 0; k < f.terms.length; k++) if (f.name[k] > 0 || f.description[k] > 0) kept.push(k);
  f.withoutBody = {
    terms: kept.map((k) => f.terms[k]),
    name: Int32Array.from(kept, (k) => f.name[k]),
    description: Int32Array.from(kept, (k) => f.description[k]),
    body: new Int32Array(kept.length),
    lengths: f.lengths,
  };
  return f.withoutBody;
}

/**
 * Tokenized once per card: discovery keeps one card object per version of a
 * SKILL.md (re-read only when its stamp changes), so a catalog change costs
 * the tokenizing of what changed, not of every body again.
 */
const fieldTermsCache = processWide("jev.cardFieldTerms", () => new WeakMap<SkillCard, FieldTerms>());

export const hasFieldTerms = (card: SkillCard) => fieldTermsCache.has(card);

/** Cards tokenized so far in this process (a benchmark's and a test's view of the cache). */
export let cardsTokenized = 0;

/** Take a card's terms tokenized elsewhere (a worker thread) as its own. */
export function rememberFieldTerms(card: SkillCard, terms: FieldTerms): void {
  if (fieldTermsCache.has(card)) return;
  fieldTermsCache.set(card, terms);
  cardsTokenized++;
}

/** Tokenize a card's fields now, if not yet: a background build does this a few cards at a time. */
export function fieldTermsOf(card: SkillCard): FieldTerms {
  let f = fieldTermsCache.get(card);
  if (!f) {
    const { terms, counts, lengths } = fieldCounts([card.name, card.description, card.body ?? ""]);
    f = { terms, name: counts[0], description: counts[1], body: counts[2], lengths: { name: lengths[0], description: lengths[1], body: lengths[2] } };
    fieldTermsCache.set(card, f);
    cardsTokenized++;
  }
  return f;
}
