import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { loadConfig } from "../lib/config";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * The shipped migrations: next to this file when run from source (CLI, tests),
 * or under the working directory when bundled by Next (the app runs from the checkout).
 */
function migrationsFolder(): string {
  const candidates = [path.join(process.cwd(), "db", "migrations")];
  try {
    candidates.unshift(path.join(path.dirname(new URL(import.meta.url).pathname), "migrations"));
  } catch {
    // bundled: import.meta.url is not a file URL
  }
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error("db/migrations not found: run jev from its checkout");
  return found;
}

/** Open (creating if missing) and migrate a SQLite database file. */
export function openDb(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db;
}

const globalForDb = globalThis as unknown as { jevDb?: { file: string; db: Db } };

/** The process-wide handle on `JEV_DB` (default `data/jev.db` under the package folder), opened and migrated on first use. */
export function getDb(): Db {
  const file = loadConfig().dbFile;
  if (!globalForDb.jevDb || globalForDb.jevDb.file !== file) globalForDb.jevDb = { file, db: openDb(file) };
  return globalForDb.jevDb.db;
}
