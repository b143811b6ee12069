import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as pgSchema from "../schema-pg";

/** One table as the copy moves it: its columns with PostgreSQL's type for each, and the key it is read in order of. */
export interface TableCopy {
  name: string;
  columns: { name: string; pgType: string; boolean: boolean }[];
  /** Primary-key columns: rows are read in this order, and a resumed copy starts after the last key copied. */
  key: string[];
  /** The identity column whose sequence must continue after the copied ids, if any. */
  identity: string | null;
}

const PG_TYPES: Record<string, string> = {
  PgInteger: "integer",
  PgBigInt53: "bigint",
  PgText: "text",
  PgBoolean: "boolean",
  PgDoublePrecision: "double precision",
};

/** Every table of the schema, a table before the tables whose foreign keys point at it. */
export function copyPlan(): TableCopy[] {
  const tables = (Object.values(pgSchema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
  const configs = new Map(tables.map((t) => [getTableConfig(t).name, getTableConfig(t)]));
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const fk of configs.get(name)!.foreignKeys) visit(getTableConfig(fk.reference().foreignTable).name);
    ordered.push(name);
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered.map((name) => {
    const config = configs.get(name)!;
    const columns = config.columns.map((c) => {
      const pgType = c.columnType === "PgCustomColumn" && c.getSQLType() === "bytea" ? "bytea" : PG_TYPES[c.columnType];
      if (!pgType) throw new Error(`${name}.${c.name}: no copy for column type ${c.columnType}`);
      return { name: c.name, pgType, boolean: c.columnType === "PgBoolean" };
    });
    const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
    const key = primary.length ? primary : config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
    const identity = config.columns.find((c) => c.generatedIdentity)?.name ?? null;
    return { name, columns, key, identity };
  });
}
