import { performance } from "node:perf_hooks";
import type Database from "better-sqlite3";
import { getOrCreate } from "../../lib/base/collections";
import { processWide } from "../../lib/base/process-state";
import { isPostgres, sqliteOf } from "../dialect";
import type { Db } from "../handle-types";

/** Values kept per cache at most (sessions and agents come from requests): past it, it starts again empty. */
const MAX_KEPT = 4_096;

/**
 * Rows a served turn reads on SQLite every time (an agent's switches, a session's reports), kept in memory
 * while they cannot have changed. This process's writers say what they changed (`forget`, `clear`); another
 * connection's commit drops everything at the next check. Reads inside an open transaction are not kept.
 */
// A read through SQLite cost more than the turn's own work (figures: README.md). A check of `PRAGMA data_version`
// costs a read transaction too, so a turn that began before the connection's last check takes that check's word:
// it saw every commit acknowledged before the turn began. Inside an open transaction a read may see rows not yet
// committed: it goes to the database and is not kept.
export class SqliteReadCache<V> {
  private generation = -1;
  private readonly values = new Map<string, V>();

  constructor(
    private readonly client: Database.Database,
    private readonly commits: OtherCommits,
  ) {}

  /** `key`'s value, read with `read` unless kept; `turnBegan` (performance.now()) lets a recent check stand. */
  get(key: string, read: () => V, turnBegan?: number): V {
    if (this.client.inTransaction) return read();
    const generation = this.commits.generationFor(turnBegan);
    if (generation !== this.generation) {
      this.values.clear();
      this.generation = generation;
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

/** What one connection knows of other connections' commits: a generation bumped by each change of `data_version` seen. */
class OtherCommits {
  private version: unknown = null;
  private generation = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private readonly dataVersion: Database.Statement;

  constructor(client: Database.Database) {
    this.dataVersion = client.prepare("PRAGMA data_version").pluck();
  }

  generationFor(turnBegan: number | undefined): number {
    if (turnBegan !== undefined && this.checkedAt >= turnBegan) return this.generation;
    this.checkedAt = performance.now(); // before the check: a turn that began after this instant checks again
    const version = this.dataVersion.get();
    if (version !== this.version) {
      this.version = version;
      this.generation++;
    }
    return this.generation;
  }
}

/**
 * The caches of each table, per connection (a reopened database starts
 * empty), process-wide: a write through Next's copy of a module must reach
 * the front door's.
 */
const caches = processWide(
  "jev.sqliteReadCaches",
  () => new WeakMap<Database.Database, { commits: OtherCommits; byTable: Map<string, SqliteReadCache<unknown>> }>(),
);

/** The cache of `table`'s rows for this SQLite database. */
export function sqliteReadCache<V>(db: Db, table: string): SqliteReadCache<V> {
  const client = sqliteOf(db).$client;
  const { commits, byTable } = getOrCreate(caches, client, () => ({ commits: new OtherCommits(client), byTable: new Map() }));
  return getOrCreate(byTable, table, () => new SqliteReadCache<unknown>(client, commits)) as SqliteReadCache<V>;
}

/** After a write of `table`'s rows under `key` (or of any, without one), on SQLite: the next read goes to the database. */
export function forgetCachedRows(db: Db, table: string, key?: string): void {
  if (isPostgres(db)) return;
  const cache = caches.get(sqliteOf(db).$client)?.byTable.get(table);
  if (key === undefined) cache?.clear();
  else cache?.forget(key);
}
