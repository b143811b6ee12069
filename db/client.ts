import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { limiter } from "../lib/base/concurrency";
import { type JevConfig, loadConfig } from "../lib/config";
import { runBeforeClose } from "./close-hooks";
import type { Db, DbInfo, SqliteDb } from "./handle-types";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";
import * as pgSchema from "./schema-pg";

export type { Db, DbInfo, Dialect, SqliteDb, Tables } from "./handle-types";

/** The better-sqlite3 connection of a SQLite file, opened and migrated as the server would (`jev db copy` reads it row by row). */
export function openSqliteFile(file: string): Database.Database {
  return (openDb(file) as unknown as SqliteDb).$client;
}

/** Open (creating if missing) and migrate a SQLite database file. */
export function openDb(file: string): Db {
  createPrivately(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema }) as SqliteDb;
  migrate(db, { migrationsFolder: migrationsFolder("migrations") });
  db.jev = { dialect: "sqlite", key: `sqlite:${path.resolve(file)}`, t: schema, writes: limiter(1) };
  return db as unknown as Db;
}

/**
 * The database holds the decision log and the token's hash: its folder is
 * created 0700 and the file 0600 (SQLite gives its -wal and -shm files the
 * database's mode), and an existing file of ours is narrowed to 0600.
 */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600));
  const st = fs.statSync(file);
  if (st.isFile() && (st.mode & 0o077) !== 0 && st.uid === process.getuid?.()) fs.chmodSync(file, st.mode & 0o7700);
}

/**
 * A handle on a PostgreSQL database through a connection pool. It does not
 * migrate (that is async, and done once at start: `migratePostgres`).
 */
export function openPostgresDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection that fails (the server restarted) must not take the process down.
  pool.on("error", () => {});
  return Object.assign(drizzlePg(pool, { schema: pgSchema }), {
    jev: { dialect: "postgres", key: `postgres:${url}`, t: pgSchema, writes: <T>(task: () => Promise<T>) => task() } satisfies DbInfo,
  });
}

const globalForDb = globalThis as unknown as { jevDb?: { key: string; db: Db } };

/**
 * The process-wide handle: PostgreSQL when `DATABASE_URL` is set (migrated
 * at start), else the SQLite file `JEV_DB` (default `data/jev.db` under the
 * package folder), opened and migrated on first use.
 */
export function getDb(config: JevConfig = loadConfig()): Db {
  const key = config.databaseUrl ?? config.dbFile;
  if (!globalForDb.jevDb || globalForDb.jevDb.key !== key) {
    globalForDb.jevDb = { key, db: config.databaseUrl ? openPostgresDb(config.databaseUrl) : openDb(config.dbFile) };
  }
  return globalForDb.jevDb.db;
}

/** Close the process-wide handle (a pool keeps a short-lived process alive otherwise). */
export async function closeDb(): Promise<void> {
  const open = globalForDb.jevDb;
  globalForDb.jevDb = undefined;
  if (open) await closeHandle(open.db);
}

/** Close a handle: SQLite's file, or PostgreSQL's pool. */
export async function closeHandle(db: Db): Promise<void> {
  if (db.jev.dialect === "postgres") {
    await runBeforeClose(db.jev.key);
    await (db as unknown as { $client: pg.Pool }).$client.end();
  } else (db as unknown as SqliteDb).$client.close();
}
