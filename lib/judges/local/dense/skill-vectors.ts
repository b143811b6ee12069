import type { SkillCard } from "../../../catalog/types";
import type { SentenceEncoder } from "./encoder";
import { type SkillText, skillTexts } from "./skill-texts";
import type { StoredVectors, VectorStore } from "./vector-store";

/** Body windows a skill gets vectors for (128 tokens each): the start of a body says what the skill does. */
export const BODY_PIECES = 2;
/** Texts sent to the encoder at once while building: small, so a turn waits behind one request at most. */
const BUILD_CHUNK = 8;
/** Keys held in memory at most (about 1.5 KB a vector, three a skill): several catalogs of a thousand skills. */
const MAX_HELD = 20_000;

/** Each skill's vectors in a catalog's order: its card's, and its body's pieces (none without a body). */
export interface CatalogVectors {
  card: Float32Array[];
  body: Float32Array[][];
}

/** How far a catalog's vectors are: texts with vectors, of all its texts. */
export interface VectorProgress {
  done: number;
  total: number;
}

/**
 * Skill vectors for one encoder: held in memory by text key, kept in the store, computed once per text and model.
 * A new catalog snapshot costs only the texts it has not seen.
 */
export class SkillVectors {
  private readonly held = new Map<string, Float32Array[]>();
  private readonly building = new Map<readonly SkillCard[], Promise<void>>();
  private readonly progress = new WeakMap<readonly SkillCard[], VectorProgress>();

  constructor(
    readonly encoder: SentenceEncoder,
    private readonly store: VectorStore,
  ) {}

  /** The catalog's vectors when every skill has them, else null (`build` makes them). */
  of(skills: readonly SkillCard[]): CatalogVectors | null {
    const card: Float32Array[] = [];
    const body: Float32Array[][] = [];
    for (const skill of skills) {
      const texts = skillTexts(skill);
      const c = this.held.get(texts.card.key);
      if (!c) return null;
      const b = texts.body === null ? [] : this.held.get(texts.body.key);
      if (!b) return null;
      card.push(c[0]);
      body.push(b);
    }
    return { card, body };
  }

  /** How far the catalog's build is (null before one started). */
  progressOf(skills: readonly SkillCard[]): VectorProgress | null {
    return this.progress.get(skills) ?? null;
  }

  /**
   * Make every vector the catalog lacks: read from the store first, the rest encoded a few texts at a time (behind any
   * turn) and saved. Resolves when all are held; one build per catalog at a time.
   */
  build(skills: readonly SkillCard[], onProgress?: (p: VectorProgress) => void): Promise<void> {
    let pending = this.building.get(skills);
    if (!pending) {
      pending = this.fill(skills, onProgress).finally(() => this.building.delete(skills));
      this.building.set(skills, pending);
    }
    return pending;
  }

  private async fill(skills: readonly SkillCard[], onProgress?: (p: VectorProgress) => void): Promise<void> {
    const wanted = new Map<string, SkillText>();
    for (const skill of skills) {
      const { card, body } = skillTexts(skill);
      wanted.set(card.key, card);
      if (body) wanted.set(body.key, body);
    }
    const missing = [...wanted.keys()].filter((key) => !this.held.has(key));
    const stored = missing.length ? await this.store.load(this.encoder.id, this.encoder.dims, missing) : new Map<string, Float32Array[]>();
    for (const [key, vectors] of stored) this.hold(key, vectors);
    const todo = missing.filter((key) => !stored.has(key));
    const progress = { done: wanted.size - todo.length, total: wanted.size };
    this.progress.set(skills, progress);
    onProgress?.(progress);
    // As many chunks at once as the encoder runs side by side (its worker threads), each saved as it comes; a lane
    // that fails stops the others at their next chunk.
    let next = 0;
    let failed = false;
    const lane = async () => {
      try {
        for (let at = next; at < todo.length && !failed; at = next) {
          next += BUILD_CHUNK;
          const keys = todo.slice(at, at + BUILD_CHUNK);
          const rows = await this.encodeChunk(keys, wanted);
          await this.store.save(this.encoder.id, rows);
          for (const row of rows) this.hold(row.key, row.vectors);
          progress.done += keys.length;
          onProgress?.(progress);
        }
      } catch (err) {
        failed = true;
        throw err;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.encoder.parallelism ?? 1) }, lane));
  }

  /** One chunk's texts encoded: cards one window each, bodies in pieces. */
  private async encodeChunk(keys: readonly string[], wanted: ReadonlyMap<string, SkillText>): Promise<StoredVectors[]> {
    const rows: StoredVectors[] = [];
    for (const kind of ["card", "body"] as const) {
      const ofKind = keys.filter((key) => wanted.get(key)?.kind === kind);
      if (ofKind.length === 0) continue;
      const texts = ofKind.map((key) => wanted.get(key)?.text ?? "");
      const vectors = await this.encoder.encode(texts, { kind: "passage", priority: "build", maxPieces: kind === "card" ? 1 : BODY_PIECES });
      for (const [i, key] of ofKind.entries()) rows.push({ key, vectors: vectors[i] });
    }
    return rows;
  }

  private hold(key: string, vectors: Float32Array[]): void {
    // Oldest first out: a catalog long gone is rebuilt from the store if it comes back.
    if (this.held.size >= MAX_HELD) this.held.delete(this.held.keys().next().value as string);
    this.held.set(key, vectors);
  }
}
