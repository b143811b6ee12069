import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Records already imported from an agent's own files (e.g. a Hermes home's
 * `jev/skill-feedback.json`), by a key of their content: importing the same
 * file twice adds nothing.
 */
export const importKeys = sqliteTable("import_keys", {
  key: text("key").primaryKey(),
  at: integer("at").notNull(),
});
