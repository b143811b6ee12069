import type Database from "better-sqlite3";
import { is, Param, Placeholder, sql } from "drizzle-orm";
import { getOrCreate } from "../../lib/base/collections";
import type { Db, SqliteDb } from "../client";
import { isPostgres, sqliteOf } from "../dialect";

type Values = Record<string, unknown>;
type Slot = { name: string; encode: (v: unknown) => unknown } | { constant: unknown };
type Query = { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<unknown>;

/** What running a statement gave: the id it inserted, when it inserts one. */
export interface Ran {
  id: number | null;
}

/**
 * A statement written once with the query builder (`make(db, p)`, `p(name)` standing for each value) and run
 * many times with values by name, on whatever handle is given (the pool, or the caller's transaction). An
 * insert that returns `{ id }` reports it.
 */
// On SQLite it is prepared once and run through the driver: Drizzle's own prepared statements re-map every value
// on every call, which on the decision path cost as much as the inserts (bench/http.ts). On PostgreSQL the builder
// runs with the values each time: a network round trip dwarfs it.
export function statement(make: (db: Db, p: (name: string) => unknown) => Query): Statement {
  const compiled = new WeakMap<Database.Database, (values: Values) => Ran>();
  const onSqlite = (db: Db) =>
    getOrCreate(compiled, sqliteOf(db).$client, () =>
      compileForSqlite(
        db,
        make(db, (name) => sql.placeholder(name)),
      ),
    );
  const run = async (db: Db, values: Values): Promise<Ran> => {
    if (isPostgres(db)) {
      const rows = (await make(db, (name) => values[name])) as { id?: number }[] | undefined;
      return { id: Array.isArray(rows) ? (rows[0]?.id ?? null) : null };
    }
    return onSqlite(db)(values);
  };
  return Object.assign(run, { onSqlite });
}

/** A statement run with values by name (see `statement`). */
export interface Statement {
  (db: Db, values: Values): Promise<Ran>;
  /**
   * On SQLite, the statement as a plain function that runs in the caller's
   * turn: for the log's loops of writes, where a promise per statement (ten
   * candidates a decision, each with its hour) was most of the log's garbage
   * under load. Only for a SQLite handle.
   */
  onSqlite(db: Db): (values: Values) => Ran;
}

function compileForSqlite(db: Db, query: Query): (values: Values) => Ran {
  const { sql: text, params } = query.toSQL();
  const slots: Slot[] = params.map((p) => {
    // `is` compares drizzle's entity kinds, not prototypes: a bundler may load drizzle twice.
    const param = is(p, Param) ? p : null;
    const inner = param ? param.value : p;
    const encode = (v: unknown) => (v === null || v === undefined ? null : param?.encoder ? param.encoder.mapToDriverValue(v) : v);
    return is(inner, Placeholder) ? { name: inner.name, encode } : { constant: encode(inner) };
  });
  const prepared = sqliteOf(db).$client.prepare(text);
  const returns = /\breturning\b/i.test(text);
  return (values) => {
    const bound = slots.map((s) => ("name" in s ? s.encode(values[s.name]) : s.constant));
    if (returns) return { id: (prepared.get(bound) as { id?: number } | undefined)?.id ?? null };
    prepared.run(bound);
    return { id: null };
  };
}

type SelectQuery<R> = PromiseLike<R[]> & { prepare(): { all(values?: Values): R[] } };

/**
 * A read written once with the query builder, for reads on every request:
 * on SQLite prepared once per database and run with values by name; on
 * PostgreSQL built with the values each time.
 */
export function preparedSelect<R>(make: (db: SqliteDb, p: (name: string) => unknown) => SelectQuery<R>): PreparedSelect<R> {
  const prepared = new WeakMap<Database.Database, (values: Values) => R[]>();
  const onSqlite = (db: Db) => {
    const sqlite = sqliteOf(db);
    return getOrCreate(prepared, sqlite.$client, () => {
      const query = make(sqlite, (name) => sql.placeholder(name)).prepare();
      return (values: Values) => query.all(values);
    });
  };
  const select = async (db: Db, values: Values) => {
    // Written with SQLite's builder; on PostgreSQL the same calls build the same query, awaited.
    if (isPostgres(db)) return make(db as unknown as SqliteDb, (name) => values[name]);
    return onSqlite(db)(values);
  };
  return Object.assign(select, { onSqlite });
}

/** A read run with values by name (see `preparedSelect`). */
export interface PreparedSelect<R> {
  (db: Db, values: Values): Promise<R[]>;
  /** On SQLite, the read as a plain function that runs in the caller's turn. Only for a SQLite handle. */
  onSqlite(db: Db): (values: Values) => R[];
}
