import type { Db } from "../../../db/client";
import { loadSkillVectors, saveSkillVectors } from "../../../db/queries/skill-vectors";
import { packVectors, type StoredVectors, unpackVectors, type VectorStore } from "../../judges/local/dense/vector-store";

/**
 * The skill vectors' store in the database (table skill_vectors, both schemas): a restart, the CLI and every
 * instance of a fleet reuse what one computed. A row whose bytes are not whole vectors is read as absent.
 */
export function dbVectorStore(db: Db, clock: () => number = Date.now): VectorStore {
  return {
    async load(model, dims, keys) {
      const out = new Map<string, Float32Array[]>();
      for (const [key, bytes] of await loadSkillVectors(db, model, keys)) {
        const vectors = unpackVectors(bytes, dims);
        if (vectors) out.set(key, vectors);
      }
      return out;
    },
    async save(model, rows: readonly StoredVectors[]) {
      await saveSkillVectors(
        db,
        model,
        rows.map((r) => ({ key: r.key, bytes: packVectors(r.vectors) })),
        clock(),
      );
    },
  };
}
