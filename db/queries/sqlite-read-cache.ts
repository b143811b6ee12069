import type Database from "better-sqlite3";
import { getOrCreate, processWide } from "../../lib/collections";
import type { Db } from "../client";
import { isPostgres, sqliteOf } from "../dialect";

/** Values kept per cache at most (sessions and agents come from requests): past it, it starts again empty. */
const MAX_KEPT = 4_096;

/**
 * Rows a served turn reads on SQLite every time (an agent's switches, a
 * session's reports), kept in memory while they cannot have changed. Under
 * load a read of a row cost 15-30 µs of the server's turn, cold in the CPU's
 * caches, where checking `PRAGMA data_version` costs a few.
 *
 * - Another connection's commit (the CLI, a second server on the file)
 *   changes `data_version`: everything kept is dropped at the next read.
 * - This process's own writes do not change it: each writer of a cached
 *   table says what it changed (`forget`, `clear`).
 * - While a transaction is open on the connection, reads may see rows that
 *   are not committed yet: they go to the database and are not kept.
 */
export class SqliteReadCache<V> {
  private version: unknown = null;
  private readonly values = new Map<string, V>();

  constructor(private readonly client: Database.Database) {}

  get(key: string, read: () => V): V {
    if (this.client.inTransaction) return read();
    const version = dataVersionOf(this.client);
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    if (this.values.has(key)) return this.values.get(key) as V;
    const value = read();
    if (this.values.size >= MAX_KEPT) this.values.clear();
    this.values.set(key, value);
    return value;
  }

  forget(key: string): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }
}

const versionStatements = new WeakMap<Database.Database, Database.Statement>();

function dataVersionOf(client: Database.Database): unknown {
  return getOrCreate(versionStatements, client, () => client.prepare("PRAGMA data_version").pluck()).get();
}

/**
 * The caches of each table, per connection (a reopened database starts
 * empty), process-wide: a write through Next's copy of a module must reach
 * the front door's.
 */
const caches = processWide("jev.sqliteReadCaches", () => new WeakMap<Database.Database, Map<string, SqliteReadCache<unknown>>>());

/** The cache of `table`'s rows for this SQLite database. */
export function sqliteReadCache<V>(db: Db, table: string): SqliteReadCache<V> {
  const client = sqliteOf(db).$client;
  const byTable = getOrCreate(caches, client, () => new Map<string, SqliteReadCache<unknown>>());
  return getOrCreate(byTable, table, () => new SqliteReadCache<unknown>(client)) as SqliteReadCache<V>;
}

/** After a write of `table`'s rows under `key` (or of any, without one), on SQLite: the next read goes to the database. */
export function forgetCachedRows(db: Db, table: string, key?: string): void {
  if (isPostgres(db)) return;
  const cache = caches.get(sqliteOf(db).$client)?.get(table);
  if (key === undefined) cache?.clear();
  else cache?.forget(key);
}
