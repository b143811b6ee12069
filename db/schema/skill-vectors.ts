import { blob, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The local judge's sentence vectors of skill texts (a card, or a body's pieces), one row per model and text:
 * computed once, reused by every restart and every instance of a fleet. The key is a hash of the text, never the
 * text itself.
 */
export const skillVectors = sqliteTable(
  "skill_vectors",
  {
    /** The encoder's model id (models/…/provenance.json): another model's vectors are never read. */
    model: text("model").notNull(),
    /** lib/judges/local/dense/skill-texts.ts `textKey`. */
    key: text("key").notNull(),
    /** float32 little-endian, one vector after another (vector-store.ts `packVectors`). */
    vectors: blob("vectors", { mode: "buffer" }).notNull(),
    /** Epoch ms the row was written. */
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.model, t.key] })],
);
