import type { Steps } from "../../../base/steps";
import type { SkillCard } from "../../../catalog/types";
import { type FieldTerms, fieldTermsOf, rememberFieldTerms } from "./bm25f";
import { type CardGrams, cardGramsOf, rememberCardGrams } from "./char-ngrams";

/** What tokenizing needs of a card: its texts. */
export type CardTexts = Pick<SkillCard, "name" | "description" | "body">;

/**
 * The tokens of several cards packed to cross to another thread cheaply:
 * each term and text-keyed n-gram once in `strings`, everything else in a
 * few typed arrays whose buffers are transferred, not copied. Card i's terms
 * are entries [termStart[i], termStart[i + 1]), its n-grams likewise.
 */
export interface TokenBatch {
  strings: string[];
  termStart: Int32Array;
  /** Index into `strings`. */
  terms: Int32Array;
  name: Int32Array;
  description: Int32Array;
  body: Int32Array;
  /** Name, description and body length of each card. */
  lengths: Int32Array;
  gramStart: Int32Array;
  /** A number key as is (≥ 0); a text key as -(1 + its index into `strings`). */
  grams: Int32Array;
  gramCounts: Int32Array;
}

/** Tokenize these cards (as `fieldTermsOf` and `cardGramsOf` do) and pack the result. */
export function tokenizeToBatch(cards: readonly CardTexts[]): TokenBatch {
  const tokens = cards.map((card) => ({ terms: fieldTermsOf(card as SkillCard), grams: cardGramsOf(card as SkillCard) }));
  const termTotal = tokens.reduce((n, t) => n + t.terms.terms.length, 0);
  const gramTotal = tokens.reduce((n, t) => n + t.grams.grams.length, 0);
  const stringIndex = new Map<string, number>();
  const indexOf = (s: string) => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = stringIndex.size;
      stringIndex.set(s, i);
    }
    return i;
  };
  const batch: TokenBatch = {
    strings: [],
    termStart: new Int32Array(cards.length + 1),
    terms: new Int32Array(termTotal),
    name: new Int32Array(termTotal),
    description: new Int32Array(termTotal),
    body: new Int32Array(termTotal),
    lengths: new Int32Array(cards.length * 3),
    gramStart: new Int32Array(cards.length + 1),
    grams: new Int32Array(gramTotal),
    gramCounts: new Int32Array(gramTotal),
  };
  let t = 0;
  let g = 0;
  tokens.forEach(({ terms, grams }, i) => {
    batch.termStart[i] = t;
    for (let k = 0; k < terms.terms.length; k++, t++) batch.terms[t] = indexOf(terms.terms[k]);
    batch.name.set(terms.name, batch.termStart[i]);
    batch.description.set(terms.description, batch.termStart[i]);
    batch.body.set(terms.body, batch.termStart[i]);
    batch.lengths.set([terms.lengths.name, terms.lengths.description, terms.lengths.body], i * 3);
    batch.gramStart[i] = g;
    for (let k = 0; k < grams.grams.length; k++, g++) {
      const key = grams.grams[k];
      batch.grams[g] = typeof key === "number" ? key : -1 - indexOf(key);
    }
    batch.gramCounts.set(grams.counts, batch.gramStart[i]);
  });
  batch.termStart[cards.length] = t;
  batch.gramStart[cards.length] = g;
  batch.strings = [...stringIndex.keys()];
  return batch;
}

/** The buffers to transfer with a batch. */
export function transferables(batch: TokenBatch): ArrayBuffer[] {
  return [batch.termStart, batch.terms, batch.name, batch.description, batch.body, batch.lengths, batch.gramStart, batch.grams, batch.gramCounts].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** Cards unpacked between two pauses of a background build. */
const REMEMBER_SLICE = 64;

/** Give each card (in the batch's order) the tokens packed for it, as if it had been tokenized here; a slice at a time. */
export function* rememberBatch(cards: readonly SkillCard[], batch: TokenBatch): Steps<void> {
  for (let i = 0; i < cards.length; i++) {
    if (i > 0 && i % REMEMBER_SLICE === 0) yield i / cards.length;
    const card = cards[i];
    const from = batch.termStart[i];
    const to = batch.termStart[i + 1];
    const terms: FieldTerms = {
      terms: Array.from(batch.terms.subarray(from, to), (k) => batch.strings[k]),
      name: batch.name.subarray(from, to),
      description: batch.description.subarray(from, to),
      body: batch.body.subarray(from, to),
      lengths: { name: batch.lengths[i * 3], description: batch.lengths[i * 3 + 1], body: batch.lengths[i * 3 + 2] },
    };
    const grams: CardGrams = {
      grams: Array.from(batch.grams.subarray(batch.gramStart[i], batch.gramStart[i + 1]), (key) => (key >= 0 ? key : batch.strings[-1 - key])),
      counts: batch.gramCounts.subarray(batch.gramStart[i], batch.gramStart[i + 1]),
    };
    rememberFieldTerms(card, terms);
    rememberCardGrams(card, grams);
  }
}
