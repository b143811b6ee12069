import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Small key/value settings the app owns (e.g. the generated API token). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
