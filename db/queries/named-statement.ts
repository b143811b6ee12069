import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tables } from "../client";

const dialect = new PgDialect();

/**
 * A PostgreSQL statement on the hot path, written once with Drizzle's `sql` (or its query builders) and
 * `sql.placeholder(name)` for each value: its text is built once per schema, and each connection prepares it by
 * `name` once (parsed and planned once, not on every call). Runs on whatever handle is given: the pool, or the
 * transaction the caller is in. Returns the rows as the driver gives them (bigints and sums as text).
 */
export function namedStatement<Row>(name: string, build: (db: Db) => SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const built = new WeakMap<Tables, ReturnType<PgDialect["sqlToQuery"]>>();
  return async (db, values) => {
    let query = built.get(db.jev.t);
    if (!query) {
      query = dialect.sqlToQuery(build(db));
      built.set(db.jev.t, query);
    }
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
