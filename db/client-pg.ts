import fs from "node:fs";
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema-pg";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** PostgreSQL's migrations (db/migrations-pg), found as db/migrations are: beside this file from source, under the working directory when bundled. */
function migrationsFolder(): string {
  const candidates = [path.join(process.cwd(), "db", "migrations-pg")];
  try {
    candidates.unshift(path.join(path.dirname(new URL(import.meta.url).pathname), "migrations-pg"));
  } catch {
    // bundled: import.meta.url is not a file URL
  }
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error("db/migrations-pg not found: run jev from its checkout");
  return found;
}

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
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** A pool on a PostgreSQL database, migrated first. */
export async function openPgDb(url: string, options: { max?: number } = {}): Promise<PgDb> {
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A pool's idle connection that fails (the server restarted) must not take the process down.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as PgDb;
}
