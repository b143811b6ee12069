import { pgTable, text } from "drizzle-orm/pg-core";
import { epochMs } from "./columns";

/** PostgreSQL's twin of db/schema/job-leases.ts. */
export const jobLeases = pgTable("job_leases", {
  job: text("job").primaryKey(),
  holder: text("holder").notNull(),
  until: epochMs("until").notNull(),
});
