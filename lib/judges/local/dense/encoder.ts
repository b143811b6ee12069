/** Unit vectors for texts: the dense half of the local judge. The real one runs the shipped model in a worker. */
export interface SentenceEncoder {
  /** The model's id: a vector is kept under it and its text's hash, and never compared with another model's. */
  readonly id: string;
  readonly dims: number;
  /** Requests it runs side by side (its worker threads); a build sends this many at once. Default 1. */
  readonly parallelism?: number;
  /**
   * Each text's vectors: one for a query; for a passage, one per window of the model's length, at most `maxPieces`.
   * `priority: "build"` waits behind any turn.
   */
  encode(texts: readonly string[], options: EncodeOptions): Promise<Float32Array[][]>;
  close(): Promise<void>;
}

export interface EncodeOptions {
  kind: "query" | "passage";
  priority: "turn" | "build";
  maxPieces?: number;
}

/** The cosine of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
