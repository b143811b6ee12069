import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "../lib/base/time";
import type { Db, Dialect, SqliteDb } from "./handle-types";

/** What differs between SQLite and PostgreSQL in jev's queries, in one place. */

export const isPostgres = (db: Db) => db.jev.dialect === "postgres";

/** The handle as SQLite's own (better-sqlite3 under Drizzle's SQLite builder), for db/'s fast paths; only when the dialect is SQLite. */
export function sqliteOf(db: Db): SqliteDb {
  if (isPostgres(db)) throw new Error("a SQLite fast path was asked of a PostgreSQL handle");
  return db as unknown as SqliteDb;
}

/** The larger of two values (SQLite's two-argument max, PostgreSQL's greatest). */
export const greatest = (db: Db | Dialect, a: SQL | unknown, b: SQL | unknown): SQL =>
  (typeof db === "string" ? db === "postgres" : isPostgres(db)) ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;

/** Whether any row of a group has this boolean column true. */
export const anyTrue = (db: Db, column: unknown): SQL<boolean> =>
  (isPostgres(db) ? sql`bool_or(${column})` : sql`max(${column})`).mapWith((v: unknown) => v === true || v === 1 || v === "1" || v === "t") as SQL<boolean>;

/**
 * The UTC day number of an epoch-ms column (whole division). The divisor is
 * written into the SQL: a bound number is a REAL to SQLite, which would
 * divide exactly.
 */
export const utcDayOf = (column: unknown): SQL<number> => sql<number>`${column} / ${sql.raw(String(DAY_MS))}`.mapWith(Number);

/** A condition that holds for no row. */
export const noRow: SQL = sql`1 = 0`;

/** Rows of a statement written as SQL (numbers PostgreSQL sends as text, counts and sums, are the caller's to convert). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  if (!isPostgres(db)) return sqliteOf(db).all(query) as T[];
  const result = await db.execute(query);
  return result.rows as T[];
}

const inside = new AsyncLocalStorage<Db>();

/** Times a PostgreSQL transaction is tried when it loses a deadlock or a serialization conflict. */
const TRANSACTION_ATTEMPTS = 5;

/** deadlock_detected and serialization_failure: the transaction did nothing and may be run again. */
function isRetryable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === "40P01" || e.code === "40001") return true;
  }
  return false;
}

/**
 * `attempt` run again from the start when PostgreSQL aborts it for a
 * deadlock or a serialization failure: instances upserting the same
 * aggregate rows in different orders can deadlock, and the loser did nothing.
 * For a transaction, or for one statement that is atomic by itself.
 */
export async function retriedOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= TRANSACTION_ATTEMPTS || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * n));
    }
  }
}

/**
 * `work` in one transaction, committed when it resolves and rolled back when it throws. On SQLite (one connection)
 * transactions and other writes take turns (`db.jev.writes`), so nothing from elsewhere lands inside one; on
 * PostgreSQL each gets a pooled connection of its own. A transaction begun inside another joins it.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const current = inside.getStore();
  if (current && (current === db || (current as { jevParent?: Db }).jevParent === db)) return work(current);
  if (isPostgres(db))
    return retriedOnConflict(
      async () =>
        (await db.transaction(async (tx) => {
          const handle = Object.assign(tx, { jev: db.jev, jevParent: db }) as unknown as Db;
          return inside.run(handle, () => work(handle));
        })) as T,
    );
  const client = sqliteOf(db).$client;
  return db.jev.writes(async () => {
    client.exec("BEGIN IMMEDIATE");
    try {
      const result = await inside.run(db, () => work(db));
      client.exec("COMMIT");
      return result;
    } catch (err) {
      if (client.inTransaction) client.exec("ROLLBACK");
      throw err;
    }
  });
}

/**
 * One write outside a transaction: on SQLite it waits for any open
 * transaction to finish first (the connection is shared), on PostgreSQL it
 * just runs. Inside a transaction it runs at once.
 */
export async function write<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db) || inside.getStore() === db) return work(db);
  return db.jev.writes(() => work(db));
}
