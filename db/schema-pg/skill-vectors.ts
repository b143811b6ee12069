import { customType, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { epochMs } from "./columns";

/** PostgreSQL's bytes, read back as a Node Buffer like SQLite's blob. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** PostgreSQL's twin of db/schema/skill-vectors.ts. */
export const skillVectors = pgTable(
  "skill_vectors",
  {
    model: text("model").notNull(),
    key: text("key").notNull(),
    vectors: bytea("vectors").notNull(),
    at: epochMs("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.model, t.key] })],
);
