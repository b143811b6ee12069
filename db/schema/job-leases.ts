import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Who runs a background job (retention, the scheduled curator) until when:
 * instances of a fleet sharing one database take the lease in turn, so a job
 * runs once per fleet, not once per instance.
 */
export const jobLeases = sqliteTable("job_leases", {
  job: text("job").primaryKey(),
  /** The instance holding it (host and process). */
  holder: text("holder").notNull(),
  /** Epoch ms when the lease lapses and another instance may take it. */
  until: integer("until").notNull(),
});
