import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema-pg";

/** Whether a URL names a PostgreSQL database (`postgres://` or `postgresql://`). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** An arbitrary constant: the advisory lock instances take while migrating, so a fleet starting at once migrates once. */
const MIGRATION_LOCK = 7_260_421;

/**
 * Bring a PostgreSQL database to the current schema. Several instances may
 * start at once: the first takes an advisory lock and migrates, the others
 * wait for it and then find nothing left to do.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder("migrations-pg") });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
