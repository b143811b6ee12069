/** Where skill vectors outlive the process: the database (both schemas) in the server, memory elsewhere. */
export interface VectorStore {
  /** The vectors stored under `model` (each of `dims`) for these keys (a key not stored is absent from the map). */
  load(model: string, dims: number, keys: readonly string[]): Promise<Map<string, Float32Array[]>>;
  save(model: string, rows: readonly StoredVectors[]): Promise<void>;
}

export interface StoredVectors {
  key: string;
  /** One per piece, each of the model's length. */
  vectors: Float32Array[];
}

/** A store that lives as long as the process (the CLI with no database, tests). */
export class MemoryVectorStore implements VectorStore {
  private readonly byModel = new Map<string, Map<string, Float32Array[]>>();

  async load(model: string, _dims: number, keys: readonly string[]): Promise<Map<string, Float32Array[]>> {
    const stored = this.byModel.get(model);
    const out = new Map<string, Float32Array[]>();
    for (const key of keys) {
      const vectors = stored?.get(key);
      if (vectors) out.set(key, vectors);
    }
    return out;
  }

  async save(model: string, rows: readonly StoredVectors[]): Promise<void> {
    const stored = this.byModel.get(model) ?? new Map<string, Float32Array[]>();
    this.byModel.set(model, stored);
    for (const row of rows) stored.set(row.key, row.vectors);
  }
}

/** Vectors as the bytes a row stores: float32, little-endian, one after another. */
export function packVectors(vectors: readonly Float32Array[]): Buffer {
  const out = Buffer.alloc(vectors.reduce((n, v) => n + v.length * 4, 0));
  let at = 0;
  for (const v of vectors) for (const x of v) at = out.writeFloatLE(x, at);
  return out;
}

/** The vectors a row's bytes hold, each of `dims` (null when the bytes are not whole vectors). */
export function unpackVectors(bytes: Uint8Array, dims: number): Float32Array[] | null {
  if (bytes.length === 0 || bytes.length % (dims * 4) !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Float32Array[] = [];
  for (let at = 0; at < bytes.length; at += dims * 4) out.push(Float32Array.from({ length: dims }, (_, d) => view.getFloat32(at + d * 4, true)));
  return out;
}
