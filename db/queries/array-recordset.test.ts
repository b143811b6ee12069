import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresSkip, useTestPostgres } from "../../lib/testing/postgres-suite";
import { closeHandle, type Db, openPostgresDb } from "../client";
import { qualified, recordset } from "./array-recordset";
import { namedStatement } from "./named-statement";

const sample = pgTable("sample", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  label: text("label"),
  count: integer("count").notNull().default(7),
  at: bigint("at", { mode: "number" }),
  score: doublePrecision("score"),
  flag: boolean("flag"),
});
const rows = recordset(sample, "r", { extra: [{ name: "ord", type: "integer" }] });
const readBack = namedStatement<Record<string, unknown>>(
  "test_array_recordset",
  () => sql`SELECT ${qualified("r", [...rows.names, "ord"])} FROM ${rows.from} ORDER BY r.ord`,
);

type SampleRow = { label?: string | null; count?: number; at?: number | null; score?: number | null; flag?: boolean | null; ord: number };

/** What each value reads back as: a missing value as its default, NaN and the infinities as NULL (as JSON wrote them), -0 as 0. */
function expected(row: SampleRow) {
  const number = (n: number | null | undefined) => (n === undefined || n === null || !Number.isFinite(n) ? null : n === 0 ? 0 : n);
  return { label: row.label ?? null, count: row.count ?? 7, at: number(row.at), score: number(row.score), flag: row.flag ?? null, ord: row.ord };
}

/** The driver gives bigints as text. */
const asRead = (row: Record<string, unknown>) => ({ ...row, at: row.at === null ? null : Number(row.at) });

const skip = postgresSkip("array recordsets");

describe.skipIf(skip)("rows as one array per column, read back by PostgreSQL", () => {
  const cluster = useTestPostgres();
  let db: Db;
  beforeAll(() => {
    db = openPostgresDb(cluster.current().createDatabase("array_recordset"), { max: 1 });
  });
  afterAll(async () => {
    if (db) await closeHandle(db);
  });

  it("every string (quotes, backslashes, braces, commas, the text NULL, blanks, any code point) and number comes back exactly", async () => {
    // PostgreSQL's text cannot hold U+0000; every other code point must survive.
    const label = fc.option(
      fc.string({ unit: "binary", maxLength: 12 }).filter((s) => !s.includes("\0")),
      { nil: null },
    );
    const awkward = fc.constantFrom('"', "\\", "{}", ",", "NULL", "null", " ", "", '\\"', "a,b", '{"x"}', "\n\t");
    const row = fc.record(
      {
        label: fc.oneof(label, awkward),
        count: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        at: fc.option(fc.maxSafeInteger(), { nil: null }),
        score: fc.option(fc.double(), { nil: null }),
        flag: fc.option(fc.boolean(), { nil: null }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 20 }), async (generated) => {
        const given = generated.map((r, ord) => ({ ...r, ord }));
        const read = await readBack(db, rows.encode(given));
        expect(read.map(asRead)).toEqual(given.map(expected));
      }),
      { numRuns: 150 },
    );
  });

  it("no rows read as an empty recordset", async () => {
    expect(await readBack(db, rows.encode([]))).toEqual([]);
  });
});

describe("an array recordset's columns", () => {
  it("a value of the wrong kind is refused with the column's name, not sent", () => {
    expect(() => rows.encode([{ label: 3, ord: 0 }])).toThrow(/label: expected a string/);
    expect(() => rows.encode([{ count: "3", ord: 0 }])).toThrow(/count: expected a number/);
    expect(() => rows.encode([{ flag: 1, ord: 0 }])).toThrow(/flag: expected a boolean/);
  });

  it("a column of a type it cannot carry is refused when the recordset is built", () => {
    const withJson = pgTable("with_json", { body: jsonb("body") });
    expect(() => recordset(withJson, "w")).toThrow(/body: a jsonb column cannot travel/);
  });
});
