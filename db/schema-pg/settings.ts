import { pgTable, text } from "drizzle-orm/pg-core";

/** PostgreSQL's twin of db/schema/settings.ts. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
