import { isStopWord, stemWord, type TermCounts } from "../../../text/analyze";
import { scanWords, type WordSink } from "../../../text/words";

/**
 * Counting the terms of a text without a string per word: the scanner hands each word over as a span, the span is
 * hashed and found in a table of the words seen so far (sliced once, the first time), and each word's term (its stem,
 * or none for a stop word) is worked out once. Bodies repeat their words, so this is most of what made tokenizing
 * them cheap. Ids are scratch: nothing outside a count keeps one, so the table can be dropped when it grows large.
 */
export class TermCounter implements WordSink {
  private mask = 0;
  /** Open addressing: word id + 1 per slot, 0 for empty. */
  private slots = new Int32Array(0);
  private hashes = new Int32Array(0);
  private words: string[] = [];
  /** By word id: its term's id, or -1 for a stop word. */
  private termOfWord = new Int32Array(0);
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  /** This count's tallies by field and term id; whether a term was seen, and the terms seen in first-seen order. */
  private tallies: Int32Array[] = [];
  private seen = new Uint8Array(0);
  private touched: number[] = [];
  private field = 0;
  private length = 0;

  constructor(private readonly maxWords = 500_000) {
    this.reset();
  }

  /** Words the table remembers now. */
  get wordsKnown(): number {
    return this.words.length;
  }

  /** One text's terms, each once in first-seen order, with its count. */
  count(text: string): TermCounts {
    const { terms, counts, lengths } = this.countFields([text]);
    return { terms, counts: counts[0], length: lengths[0] };
  }

  /** The terms of several texts (a card's fields) at once: each term once, first seen in the first text first, with its count in each. */
  countFields(texts: readonly string[]): FieldCounts {
    if (this.words.length > this.maxWords) this.reset();
    while (this.tallies.length < texts.length) this.tallies.push(new Int32Array(this.seen.length));
    this.touched = [];
    const lengths: number[] = [];
    for (let f = 0; f < texts.length; f++) {
      this.field = f;
      this.length = 0;
      scanWords(texts[f], this);
      lengths.push(this.length);
    }
    const terms = new Array<string>(this.touched.length);
    const counts = texts.map(() => new Int32Array(this.touched.length));
    for (let k = 0; k < this.touched.length; k++) {
      const term = this.touched[k];
      terms[k] = this.terms[term];
      this.seen[term] = 0;
      for (let f = 0; f < texts.length; f++) {
        counts[f][k] = this.tallies[f][term];
        this.tallies[f][term] = 0;
      }
    }
    return { terms, counts, lengths };
  }

  span(text: string, start: number, end: number): void {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
    const mask = this.mask;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] - 1;
      if (id < 0) {
        this.tallyWord(this.insert(slot, h, text.slice(start, end)));
        return;
      }
      if (this.hashes[id] === h && sameText(this.words[id], text, start, end)) {
        this.tallyWord(id);
        return;
      }
    }
  }

  word(word: string): void {
    this.span(word, 0, word.length);
  }

  private tallyWord(id: number): void {
    const term = this.termOfWord[id];
    if (term < 0) return;
    if (this.seen[term] === 0) {
      this.seen[term] = 1;
      this.touched.push(term);
    }
    this.tallies[this.field][term]++;
    this.length++;
  }

  private insert(slot: number, hash: number, word: string): number {
    const id = this.words.length;
    this.words.push(word);
    if (id >= this.hashes.length) this.growIds();
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    this.termOfWord[id] = isStopWord(word) ? -1 : this.termId(stemWord(word));
    if (this.words.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.termIds.set(term, id);
      if (id >= this.seen.length) {
        this.seen = grown(this.seen, new Uint8Array(this.seen.length * 2));
        this.tallies = this.tallies.map((tally) => grown(tally, new Int32Array(tally.length * 2)));
      }
    }
    return id;
  }

  private growIds(): void {
    const hashes = new Int32Array(this.hashes.length * 2);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const termOfWord = new Int32Array(this.termOfWord.length * 2);
    termOfWord.set(this.termOfWord);
    this.termOfWord = termOfWord;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = this.hashes[id] & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    }
  }

  private reset(): void {
    this.slots = new Int32Array(INITIAL_SLOTS);
    this.mask = INITIAL_SLOTS - 1;
    this.hashes = new Int32Array(INITIAL_SLOTS / 2);
    this.termOfWord = new Int32Array(INITIAL_SLOTS / 2);
    this.words = [];
    this.termIds = new Map();
    this.terms = [];
    this.seen = new Uint8Array(INITIAL_SLOTS / 2);
    this.tallies = [];
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;
const INITIAL_SLOTS = 1 << 10;

function grown<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function sameText(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** Terms of several texts: each once, with its count in each text and each text's term count. */
export interface FieldCounts {
  terms: string[];
  counts: Int32Array[];
  lengths: number[];
}

const counter = new TermCounter();

/** The terms of a card's fields, counted at once. */
export function fieldCounts(texts: readonly string[]): FieldCounts {
  return counter.countFields(texts);
}
