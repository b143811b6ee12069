import { processWide } from "../../../base/process-state";
import type { SkillCard } from "../../../catalog/types";
import { contentWords } from "../../../text/analyze";
import { LOCAL_JUDGE } from "../settings";
import { removeSlotPair } from "./slot-pairs";

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * An n-gram's key. A gram of the padding space, a–z and 0–9 only (nearly
 * all) is a number: its characters as digits 1–37 in base 38, so a key never
 * stands for two grams and stays a small integer (below 38^5 < 2^30), which
 * a Map finds without hashing a string. Any other gram is its text.
 */
export type GramKey = number | string;

const BASE = 38;
/** Digit of each ASCII character in a number key; 0: the gram is keyed by its text. */
const DIGIT_OF = new Uint8Array(128);
DIGIT_OF[32] = 1;
for (let c = 97; c <= 122; c++) DIGIT_OF[c] = c - 95;
for (let c = 48; c <= 57; c++) DIGIT_OF[c] = c - 20;

/** Digits of the current padded word (reused). */
let digits = new Uint8Array(64);

/** Visit the keys of the character 3–5-grams inside word boundaries (" word " padded). */
function forEachNgram(words: readonly string[], visit: (gram: GramKey) => void): void {
  const digitOf = DIGIT_OF;
  for (const w of words) {
    const padded = ` ${w} `;
    // Slicing by UTF-16 units is exact unless the word has astral characters.
    const chars = SURROGATE.test(padded) ? Array.from(padded) : null;
    const length = chars ? chars.length : padded.length;
    if (length > digits.length) digits = new Uint8Array(length * 2);
    for (let i = 0; i < length; i++) {
      const c = chars ? (chars[i].length === 1 ? chars[i].charCodeAt(0) : 0xffff) : padded.charCodeAt(i);
      digits[i] = c < 128 ? digitOf[c] : 0;
    }
    for (let n = LOCAL_JUDGE.ngrams.minN; n <= LOCAL_JUDGE.ngrams.maxN; n++) {
      for (let i = 0; i + n <= length; i++) {
        let key = 0;
        for (let j = i; j < i + n && key >= 0; j++) key = digits[j] === 0 ? -1 : key * BASE + digits[j];
        visit(key >= 0 ? key : chars ? chars.slice(i, i + n).join("") : padded.slice(i, i + n));
      }
    }
  }
}

/** N-gram counts of a word list. */
export function charNgrams(words: readonly string[]): Map<GramKey, number> {
  const grams = new Map<GramKey, number>();
  forEachNgram(words, (g) => grams.set(g, (grams.get(g) ?? 0) + 1));
  return grams;
}

/** A card's n-grams (of its name and description) with their counts, in first-seen order. */
export interface CardGrams {
  grams: GramKey[];
  counts: Int32Array;
}

/** 1 + ln(count), the n-gram weight of a count; tabled (postings keep counts). */
const LOG_TF = Float64Array.from({ length: 1024 }, (_, c) => 1 + Math.log(c));
const logTf = (count: number) => (count < LOG_TF.length ? LOG_TF[count] : 1 + Math.log(count));

/** Counted once per card (one card per version of a SKILL.md), as the body terms are. */
const cardGramsCache = processWide("jev.cardGrams", () => new WeakMap<SkillCard, CardGrams>());
/** One string per text-keyed n-gram across cards (CJK catalogs have many). */
const interned = processWide("jev.internedGrams", () => new Map<string, string>());

function internGram(gram: GramKey): GramKey {
  if (typeof gram === "number") return gram;
  const known = interned.get(gram);
  if (known !== undefined) return known;
  interned.set(gram, gram);
  return gram;
}

export const hasCardGrams = (card: SkillCard) => cardGramsCache.has(card);

/** Take a card's n-grams counted elsewhere (a worker thread) as its own. */
export function rememberCardGrams(card: SkillCard, grams: CardGrams): void {
  if (cardGramsCache.has(card)) return;
  cardGramsCache.set(card, { grams: grams.grams.map(internGram), counts: grams.counts });
}

export function cardGramsOf(card: SkillCard): CardGrams {
  let g = cardGramsCache.get(card);
  if (!g) {
    const counts = charNgrams(contentWords(`${card.name} ${card.description}`));
    if (interned.size > 1_000_000) interned.clear();
    g = { grams: Array.from(counts.keys(), internGram), counts: Int32Array.from(counts.values()) };
    cardGramsCache.set(card, g);
  }
  return g;
}

/** One n-gram's postings, as pairs in one array (a slot, the count there), under an id dense in its index. */
class GramPostings {
  readonly entries: number[] = [];

  constructor(
    readonly gram: GramKey,
    readonly id: number,
  ) {}

  get size(): number {
    return this.entries.length >> 1;
  }

  push(slot: number, count: number): void {
    this.entries.push(slot, count);
  }

  remove(slot: number): void {
    removeSlotPair(this.entries, slot);
  }
}

/**
 * Every n-gram's postings under one snapshot's statistics, in three arrays: n-gram `id`'s entries are `start[id]` to
 * `start[id + 1]`, each a slot and its weight in its skill's unit vector; n-grams past LOCAL_JUDGE.ngrams.maxDfShare have none.
 */
// A turn's cosine reads a gram's entries with one lookup into memory laid out in a row; a small array pair per
// n-gram made it follow four pointers to reach them, most of them cache misses under load.
interface PackedPostings {
  stamp: number;
  start: Int32Array;
  slots: Int32Array;
  weights: Float32Array;
}

/** What scoring needs of the skills held at one moment: the IDF base, each n-gram's IDF (by id), each skill's vector norm. */
export interface NgramStats {
  n: number;
  /** Weight of an n-gram no skill has: it still counts in the query's norm. */
  unseenIdf: number;
  idf: Float64Array;
  norm: Float64Array;
  stamp: number;
}

/** Stamps unique across copies of this module (the front door bundles its own). */
const stamps = processWide("jev.ngramStatsStamps", () => ({ last: 0 }));

/** Words whose n-grams an index keeps as posting ids (a few MB at most); past it, it starts over. */
const MAX_CACHED_WORDS = 16_384;
/** N-grams no skill has that the cached words hold ids for, at most (a few MB); past it, it starts over too. */
const MAX_UNSEEN_GRAMS = 131_072;

const idfOf = (n: number, size: number) => Math.log((1 + n) / (1 + size)) + 1;

/**
 * TF-IDF cosine over character n-grams: catches what stems miss (partial words, compounds like "weatherapi", scripts
 * without spaces). Skills come and go one at a time, by slot; IDF and norms are computed per catalog snapshot
 * (`stats`) over typed arrays, so the scores are exactly those of an index built afresh.
 */
export class CharNgramIndex {
  private readonly postings = new Map<GramKey, GramPostings>();
  private lists: (GramPostings | null)[] = [];
  private readonly freeIds: number[] = [];
  private readonly idsOf: (Int32Array | null)[] = [];
  private readonly countsOf: (Int32Array | null)[] = [];
  /** IDFs as of the last statistics (for `idfN` skills), and the ids whose posting count changed since (flagged, listed). */
  private idf = new Float64Array(0);
  private idfN = -1;
  private changedFlags = new Uint8Array(1024);
  private changed: number[] = [];

  add(slot: number, card: SkillCard): void {
    const { grams, counts } = cardGramsOf(card);
    const ids = new Int32Array(grams.length);
    for (let k = 0; k < grams.length; k++) {
      let list = this.postings.get(grams[k]);
      if (list === undefined) {
        list = new GramPostings(grams[k], this.freeIds.pop() ?? this.lists.length);
        this.lists[list.id] = list;
        this.postings.set(grams[k], list);
        this.forgetWords();
      }
      list.push(slot, counts[k]);
      ids[k] = list.id;
      this.markChanged(list.id);
    }
    this.idsOf[slot] = ids;
    this.countsOf[slot] = counts;
  }

  remove(slot: number): void {
    for (const id of this.idsOf[slot] ?? []) {
      const list = this.lists[id] as GramPostings;
      list.remove(slot);
      this.markChanged(id);
      if (list.size > 0) continue;
      this.postings.delete(list.gram);
      this.lists[id] = null;
      this.freeIds.push(id);
      this.forgetWords();
    }
    this.idsOf[slot] = null;
    this.countsOf[slot] = null;
  }

  /** The per-snapshot statistics over exactly these slots (the skills held now). */
  stats(slots: Int32Array, capacity: number): NgramStats {
    const n = Math.max(slots.length, LOCAL_JUDGE.idfReferenceSize); // see LOCAL_JUDGE.idfReferenceSize
    this.updateIdf(n);
    const idf = this.idf.slice();
    const stats: NgramStats = { n, unseenIdf: Math.log(1 + n) + 1, idf, norm: new Float64Array(capacity), stamp: ++stamps.last };
    const logTfs = LOG_TF;
    for (const slot of slots) {
      const ids = this.idsOf[slot] as Int32Array;
      const counts = this.countsOf[slot] as Int32Array;
      let norm = 0;
      for (let k = 0; k < ids.length; k++) norm += ((counts[k] < logTfs.length ? logTfs[counts[k]] : logTf(counts[k])) * idf[ids[k]]) ** 2;
      stats.norm[slot] = Math.sqrt(norm) || 1;
    }
    return stats;
  }

  /** IDFs for `n` skills: all of them when n changed, else those of the n-grams whose posting count changed. */
  private updateIdf(n: number): void {
    if (this.idf.length < this.lists.length) {
      const grown = new Float64Array(Math.max(this.lists.length, this.idf.length * 2));
      grown.set(this.idf);
      this.idf = grown;
    }
    const ids = n === this.idfN ? this.changed : this.lists.keys();
    for (const id of ids) {
      const list = this.lists[id];
      this.idf[id] = list && list.size <= n * LOCAL_JUDGE.ngrams.maxDfShare ? idfOf(n, list.size) : 0;
    }
    this.idfN = n;
    for (const id of this.changed) this.changedFlags[id] = 0;
    this.changed = [];
  }

  private markChanged(id: number): void {
    if (id >= this.changedFlags.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.changedFlags.length * 2));
      grown.set(this.changedFlags);
      this.changedFlags = grown;
    }
    if (this.changedFlags[id] === 1) return;
    this.changedFlags[id] = 1;
    this.changed.push(id);
  }

  /**
   * Each word's n-grams as ids, in order: a posting id, or -1 - k for the k-th n-gram no skill has (its key in
   * `unseenIds`). Turns reuse words, and a word found here costs one lookup instead of one per n-gram (a dozen or
   * more), each a cache miss in a table of tens of thousands. Ids change only when an n-gram list is created or
   * dropped: then both are cleared (see forgetWords).
   */
  private readonly wordGrams = new Map<string, Int32Array>();
  private readonly unseenIds = new Map<GramKey, number>();

  private forgetWords(): void {
    this.wordGrams.clear();
    this.unseenIds.clear();
  }

  private gramsOfWord(word: string): Int32Array {
    const known = this.wordGrams.get(word);
    if (known !== undefined) return known;
    const ids: number[] = [];
    forEachNgram([word], (g) => {
      const list = this.postings.get(g);
      if (list !== undefined) return void ids.push(list.id);
      let k = this.unseenIds.get(g);
      if (k === undefined) {
        k = this.unseenIds.size;
        this.unseenIds.set(g, k);
        if (k >= this.unseenCounts.length) {
          // Grown with the counts kept: a turn may be counting already.
          const grown = new Int32Array(this.unseenCounts.length * 2);
          grown.set(this.unseenCounts);
          this.unseenCounts = grown;
        }
      }
      ids.push(-1 - k);
    });
    const grams = Int32Array.from(ids);
    this.wordGrams.set(word, grams);
    return grams;
  }

  private packed: PackedPostings | null = null;

  /** The postings under these statistics, packed once per snapshot (see PackedPostings). */
  private packedFor(stats: NgramStats): PackedPostings {
    if (this.packed?.stamp === stats.stamp) return this.packed;
    const ids = this.lists.length;
    const start = new Int32Array(ids + 1);
    let total = 0;
    for (let id = 0; id < ids; id++) {
      start[id] = total;
      const list = this.lists[id];
      if (list && stats.idf[id] > 0) total += list.size;
    }
    start[ids] = total;
    const slots = new Int32Array(total);
    const weights = new Float32Array(total);
    for (let id = 0; id < ids; id++) {
      const e = this.lists[id]?.entries;
      const idf = stats.idf[id];
      if (!e || !(idf > 0)) continue;
      for (let i = 0, at = start[id]; i < e.length; i += 2, at++) {
        slots[at] = e[i];
        weights[at] = (logTf(e[i + 1]) * idf) / stats.norm[e[i]];
      }
    }
    this.packed = { stamp: stats.stamp, start, slots, weights };
    return this.packed;
  }

  /** The query's count of each n-gram, by id (zero between turns): those this index holds, those it does not; and the ids counted, first seen first. */
  private queryCounts = new Int32Array(1024);
  private unseenCounts = new Int32Array(256);
  private readonly queryIds: number[] = [];

  /**
   * Cosine of the query against every skill held, by slot (into `scores`), in [0, 1]. Grams no skill has weigh only
   * in the query's norm, summed in the order the grams first appear.
   */
  // The query's n-grams are counted straight into a reused array by posting id: a Map of its own per turn, its
  // entries and the list of known grams were the largest garbage of a request (sampled under bench/http.ts load).
  cosine(queryWords: readonly string[], stats: NgramStats, scores: Float64Array): Float64Array {
    if (this.queryCounts.length < this.lists.length) this.queryCounts = new Int32Array(Math.max(this.lists.length, this.queryCounts.length * 2));
    // Never in the middle of a turn: the ids counted so far would be given again.
    if (this.wordGrams.size >= MAX_CACHED_WORDS || this.unseenIds.size >= MAX_UNSEEN_GRAMS) this.forgetWords();
    const counts = this.queryCounts;
    const order = this.queryIds; // a posting id, or -1 - k for the k-th n-gram no skill has
    for (const word of queryWords) {
      const grams = this.gramsOfWord(word);
      const unseenCounts = this.unseenCounts; // after gramsOfWord: a new unseen id may have grown it
      for (let i = 0; i < grams.length; i++) {
        const id = grams[i];
        if (id >= 0 ? counts[id]++ === 0 : unseenCounts[-1 - id]++ === 0) order.push(id);
      }
    }
    const unseenCounts = this.unseenCounts;
    let norm = 0;
    for (const key of order) {
      const w = key >= 0 ? (1 + Math.log(counts[key])) * stats.idf[key] : (1 + Math.log(unseenCounts[-1 - key])) * stats.unseenIdf;
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    const { start, slots, weights } = this.packedFor(stats);
    for (const id of order) {
      if (id < 0) {
        unseenCounts[-1 - id] = 0;
        continue;
      }
      const w = (1 + Math.log(counts[id])) * stats.idf[id];
      counts[id] = 0;
      if (w === 0) continue; // an n-gram past LOCAL_JUDGE.ngrams.maxDfShare
      const qw = w / norm;
      for (let k = start[id], end = start[id + 1]; k < end; k++) scores[slots[k]] += qw * weights[k];
    }
    order.length = 0;
    return scores;
  }
}
