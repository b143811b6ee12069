import type { EncodeOptions, SentenceEncoder } from "../judges/local/dense/encoder";

/**
 * A deterministic stand-in for the sentence encoder, for unit tests of the dense plumbing: each word (or the
 * concept a test maps it to, so "deck" can mean "presentation") adds a fixed pseudo-random direction, and the sum
 * is scaled to unit length. Texts sharing words or concepts are near; others are nearly orthogonal. A passage is
 * cut in pieces of `wordsPerPiece` words.
 */
export class FakeEncoder implements SentenceEncoder {
  readonly id: string;
  readonly dims = 64;
  /** Texts encoded so far, by kind (tests check what was asked). */
  readonly asked = { query: 0, passage: 0 };
  private closed = false;

  constructor(
    private readonly concepts: ReadonlyMap<string, string> = new Map(),
    private readonly wordsPerPiece = 60,
    id = "fake-encoder",
  ) {
    this.id = id;
  }

  async encode(texts: readonly string[], options: EncodeOptions): Promise<Float32Array[][]> {
    if (this.closed) throw new Error("closed");
    this.asked[options.kind] += texts.length;
    return texts.map((text) => {
      const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const pieces: Float32Array[] = [];
      const most = options.kind === "query" ? 1 : Math.max(1, options.maxPieces ?? 1);
      for (let at = 0; pieces.length < most && (at < words.length || pieces.length === 0); at += this.wordsPerPiece) {
        pieces.push(this.vector(words.slice(at, at + this.wordsPerPiece)));
      }
      return pieces;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private vector(words: readonly string[]): Float32Array {
    const v = new Float32Array(this.dims);
    for (const word of words) {
      let h = 2166136261;
      for (const ch of this.concepts.get(word) ?? word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
      for (let k = 0; k < 4; k++) {
        h = Math.imul(h ^ (h >>> 15), 2246822507);
        v[(h >>> 0) % this.dims] += h & 1 ? 1 : -1;
      }
    }
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  }
}
