import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "./schema";
import type * as pgSchema from "./schema-pg";

export type Dialect = "sqlite" | "postgres";
/** The tables a handle builds its queries from, typed as PostgreSQL's (db/schema-pg): SQLite's build the same queries. */
export type Tables = typeof pgSchema;

/** What a handle knows of itself beyond the query builder. */
export interface DbInfo {
  dialect: Dialect;
  /** Which database this is (the file, or the URL): what per-database caches are keyed by. */
  key: string;
  /** This database's tables (db/schema or db/schema-pg), typed as PostgreSQL's: both build the same queries. */
  t: Tables;
  /** SQLite has one connection: its writes take turns here, so none lands inside another's transaction. */
  writes: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * jev's database handle: Drizzle's query builder on SQLite (one file, the default) or PostgreSQL (`DATABASE_URL`, a
 * fleet). It is typed with PostgreSQL's builder, on which every query is awaited: SQLite's sync `.all()`, `.get()`
 * and `.run()` do not compile, so a query written once runs on both. Queries take their tables from `db.jev.t`.
 * SQLite's own client (its fast paths) is reached only inside db/, through `sqliteOf`.
 */
export type Db = NodePgDatabase<typeof pgSchema> & { jev: DbInfo };

/** The same handle on SQLite, as db/'s fast paths see it: better-sqlite3 under Drizzle's SQLite builder and tables. */
export type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database; jev: Omit<DbInfo, "t"> & { t: typeof schema } };
