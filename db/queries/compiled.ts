import { is, Param, Placeholder } from "drizzle-orm";
import type { Db } from "../client";

type Params = Record<string, unknown>;
type Slot = { name: string; encode: (v: unknown) => unknown } | { constant: unknown };

/**
 * A statement written with the query builder, run through the driver directly.
 * Drizzle's own prepared statements re-map every value on every call, which on
 * the decision path cost as much as SQLite's inserts themselves (measured in
 * bench/http.ts). The SQL and the column encoders still come from the builder,
 * so the schema stays the one definition; values are bound by placeholder name.
 */
export function compile(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): (values: Params) => { lastInsertRowid: number | bigint } {
  const { sql, params } = query.toSQL();
  const slots: Slot[] = params.map((p) => {
    // `is` compares drizzle's entity kinds, not prototypes: a bundler may load drizzle twice.
    const param = is(p, Param) ? p : null;
    const inner = param ? param.value : p;
    const encode = (v: unknown) => (v === null || v === undefined ? null : param?.encoder ? param.encoder.mapToDriverValue(v) : v);
    return is(inner, Placeholder) ? { name: inner.name, encode } : { constant: encode(inner) };
  });
  const statement = db.$client.prepare(sql);
  return (values) => statement.run(slots.map((s) => ("name" in s ? s.encode(values[s.name]) : s.constant)));
}
