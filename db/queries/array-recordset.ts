import { type Column, getTableColumns, getTableName, is, SQL, sql, type Table } from "drizzle-orm";

/**
 * Many rows of a table as one bound array per column, read back by a PostgreSQL statement as a recordset
 * (`SELECT unnest($1::bigint[]) AS at, …`): how the decision log writes a whole group in one atomic statement.
 * Columns and types come from the Drizzle table, so the schema stays their one definition.
 */
// Arrays, not one jsonb document: under bench/fleet's load, parsing and taking apart jsonb was a large share
// of the backend's CPU, and an array of numbers is read with no keys and no numeric detour.
export interface Recordset {
  /** `(SELECT unnest(…) AS col, …) AS alias`, for a FROM clause; its values are the placeholders `encode` fills. */
  from: SQL;
  /** The table's columns, in the order `values` and `insert` use. */
  names: string[];
  /** The placeholders' values for these rows (keyed as the Drizzle table is, plus the extra columns): one array literal per column. */
  encode(rows: readonly Record<string, unknown>[]): Record<string, string>;
}

/** How one value of a column is written as an element of a PostgreSQL array literal. */
type ElementEncoder = (value: unknown, column: string) => string;

const NULL = "NULL";

/**
 * Finite numbers as JSON writes them; NaN and the infinities as NULL, as they
 * read when the log sent jsonb. (node-postgres would also turn a JS array into
 * a literal, but it quotes and regex-escapes every element, numbers too, sends
 * NaN as "NaN", and checks no kinds.)
 */
const numberElement: ElementEncoder = (value, column) => {
  if (typeof value !== "number") throw new TypeError(`${column}: expected a number`);
  return Number.isFinite(value) ? String(value) : NULL;
};

/** A quoted element, so NULL, commas, braces and blanks stay text; backslash escapes `"` and `\`. */
const textElement: ElementEncoder = (value, column) => {
  if (typeof value !== "string") throw new TypeError(`${column}: expected a string`);
  return `"${/[\\"]/.test(value) ? value.replace(/[\\"]/g, "\\$&") : value}"`;
};

const booleanElement: ElementEncoder = (value, column) => {
  if (typeof value !== "boolean") throw new TypeError(`${column}: expected a boolean`);
  return value ? "t" : "f";
};

/** The SQL types the log's tables use; a column of any other type is refused when the statement is built, not when a row is written. */
const ENCODERS = new Map<string, ElementEncoder>([
  ["text", textElement],
  ["integer", numberElement],
  ["bigint", numberElement],
  ["double precision", numberElement],
  ["boolean", booleanElement],
]);

function encoderOf(type: string, column: string): ElementEncoder {
  const encoder = ENCODERS.get(type);
  if (!encoder) throw new Error(`${column}: a ${type} column cannot travel in an array recordset`);
  return encoder;
}

interface Field {
  /** The row's key (the Drizzle table's key, or the extra column's name). */
  key: string;
  name: string;
  type: string;
  /** What a missing value reads as: the column's default, else NULL. */
  fallback: unknown;
  encode: ElementEncoder;
}

/** A column's default as a plain value: a missing key must read as the default, not as NULL. */
function defaultOf(column: Column): unknown {
  if (!column.hasDefault) return null;
  if (is(column.default, SQL)) throw new Error(`${column.name}: an SQL default cannot be sent as a value`);
  return column.default ?? null;
}

/** The columns a row of `table` is written with: all but the generated identity ones and those omitted. */
function fieldsOf(table: Table, omit: readonly string[]): Field[] {
  return Object.entries(getTableColumns(table))
    .filter(([key, column]) => !omit.includes(key) && !(column as { generatedIdentity?: unknown }).generatedIdentity)
    .map(([key, column]) => {
      const type = column.getSQLType();
      return { key, name: column.name, type, fallback: defaultOf(column), encode: encoderOf(type, column.name) };
    });
}

/** One column of the rows as an array literal: `{1,NULL,3}`, `{"a","b \"c\""}`. */
function arrayLiteral(rows: readonly Record<string, unknown>[], field: Field): string {
  const elements = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = rows[i][field.key] ?? field.fallback;
    elements[i] = value === null ? NULL : field.encode(value, field.name);
  }
  return `{${elements.join(",")}}`;
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
  const tableFields = fieldsOf(table, options.omit ?? []);
  const extraFields = (options.extra ?? []).map((e) => ({ key: e.name, name: e.name, type: e.type, fallback: null, encode: encoderOf(e.type, e.name) }));
  const fields = [...tableFields, ...extraFields];
  const placeholders = fields.map((f) => `${alias}.${f.name}`);
  // unnest in the select list, in lockstep: `unnest(a, b, …)` in FROM would fill a tuplestore per column.
  const columns = fields.map((f, i) => sql`unnest(${sql.placeholder(placeholders[i])}::${sql.raw(f.type)}[]) AS ${sql.identifier(f.name)}`);
  return {
    from: sql`(SELECT ${sql.join(columns, sql`, `)}) AS ${sql.identifier(alias)}`,
    names: tableFields.map((f) => f.name),
    encode: (rows) => {
      const values: Record<string, string> = Object.create(null);
      fields.forEach((f, i) => {
        values[placeholders[i]] = arrayLiteral(rows, f);
      });
      return values;
    },
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
