import { type Column, getTableColumns, getTableName, is, SQL, sql, type Table } from "drizzle-orm";

/**
 * Many rows of a table as ONE bound parameter (a jsonb array) that a
 * PostgreSQL statement reads back as a recordset (`jsonb_to_recordset`).
 * It is how the decision log writes a whole group of decisions, with their
 * candidates, suggestions and aggregates, in a single statement: each
 * statement is a round trip, and a statement of data-modifying CTEs is
 * atomic without BEGIN and COMMIT. The columns and their types come from the
 * Drizzle table, so the schema stays the one definition of them.
 */
export interface Recordset {
  /** `jsonb_to_recordset($alias::jsonb) AS alias(col type, …)`, for a FROM clause; its value is the placeholder named `alias`. */
  from: SQL;
  /** The table's columns, in the order `values` and `insert` use. */
  names: string[];
  /** The placeholder's value for these rows (keyed as the Drizzle table is, plus the extra columns). */
  encode(rows: readonly Record<string, unknown>[]): string;
}

interface Field {
  key: string;
  column: Column;
}

/** The columns a row of `table` is written with: all but the generated identity ones. */
function fieldsOf(table: Table, omit: readonly string[]): Field[] {
  return Object.entries(getTableColumns(table))
    .filter(([key, column]) => !omit.includes(key) && !(column as { generatedIdentity?: unknown }).generatedIdentity)
    .map(([key, column]) => ({ key, column }));
}

/** A column's default as a JSON value: a missing key must read as the default, not as NULL. */
function defaultOf(column: Column): unknown {
  if (!column.hasDefault) return null;
  if (is(column.default, SQL)) throw new Error(`${column.name}: an SQL default cannot be sent as a JSON value`);
  return column.default ?? null;
}

/**
 * Rows of `table` as a recordset named `alias`, with `extra` columns beyond
 * the table's (e.g. the index of the decision a candidate belongs to).
 * `omit` leaves table columns out, for the ones the statement fills itself
 * (the decision's id).
 */
export function recordset(
  table: Table,
  alias: string,
  options: { omit?: readonly string[]; extra?: readonly { name: string; type: string }[] } = {},
): Recordset {
  const fields = fieldsOf(table, options.omit ?? []);
  const extra = options.extra ?? [];
  const defaults = fields.map(({ column }) => defaultOf(column));
  const definitions = [
    ...fields.map(({ column }) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    ...extra.map((e) => sql`${sql.identifier(e.name)} ${sql.raw(e.type)}`),
  ];
  return {
    from: sql`jsonb_to_recordset(${sql.placeholder(alias)}::jsonb) AS ${sql.identifier(alias)}(${sql.join(definitions, sql`, `)})`,
    names: fields.map((f) => f.column.name),
    encode: (rows) =>
      JSON.stringify(
        rows.map((row) => {
          const out: Record<string, unknown> = Object.create(null);
          fields.forEach(({ key, column }, i) => {
            out[column.name] = row[key] ?? defaults[i];
          });
          for (const e of extra) out[e.name] = row[e.name] ?? null;
          return out;
        }),
      ),
  };
}

/** `"a", "b", …`: a list of column names. */
export const columnList = (names: readonly string[]): SQL =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );

/** `alias."a", alias."b", …` */
export const qualified = (alias: string, names: readonly string[]): SQL =>
  sql.join(
    names.map((n) => sql`${sql.identifier(alias)}.${sql.identifier(n)}`),
    sql`, `,
  );

/** The table's name, quoted. */
export const tableOf = (table: Table): SQL => sql`${sql.identifier(getTableName(table))}`;
