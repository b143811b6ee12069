import { pgTable, text } from "drizzle-orm/pg-core";
import { epochMs } from "./columns";

/** PostgreSQL's twin of db/schema/import-keys.ts. */
export const importKeys = pgTable("import_keys", {
  key: text("key").primaryKey(),
  at: epochMs("at").notNull(),
});
