import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JevError } from "../../lib/base/errors";
import { seedDemo } from "../../lib/services/demo/seed";
import { ctxAt, freshDb, tempDir, testConfig } from "../../lib/testing/factories";
import { postgresSkip, useTestPostgres } from "../../lib/testing/postgres-suite";
import type { Db } from "../client";
import { sqliteOf } from "../dialect";
import { takeLease } from "../queries/job-leases";
import { setSetting } from "../queries/settings";
import { importKeys, replayRuns, skillVectors, usageDays, usageEvents, usageRequests, usageSnapshots } from "../schema";
import { copyPlan } from "./copy-plan";
import { copySqliteToPostgres } from "./sqlite-to-postgres";

const skip = postgresSkip("jev db copy against PostgreSQL");

describe.skipIf(skip)("jev db copy: a real SQLite database into a real PostgreSQL", () => {
  const cluster = useTestPostgres();
  let tmp: ReturnType<typeof tempDir>;
  let db: Db;
  let databases = 0;
  const target = () => cluster.current().createDatabase(`copy_${++databases}`);

  beforeEach(async () => {
    tmp = tempDir("jev-copy-");
    db = freshDb(tmp.dir);
    const now = Date.parse("2026-11-30T12:00:00Z");
    // Enough turns a day that rule 2 suppresses something (its 6-hour retry lets a skill shown once a day through).
    await seedDemo(ctxAt(db, testConfig(tmp.dir), now), { turnsPerDay: 24 });
    await setSetting(db, "api-token", "not-a-real-token");
    sqliteOf(db).insert(importKeys).values({ key: "hermes:abc", at: now }).run();
    sqliteOf(db).insert(replayRuns).values({ at: now, rules: "{}", report: '{"recorded":{}}', events: 3, logBytes: 5_000_000_000 }).run();
    sqliteOf(db).insert(usageEvents).values({ home: "/h", skill: "pdf", kind: "use", at: now, source: "curator", detail: '{"x":"é ✓"}' }).run();
    sqliteOf(db).insert(usageDays).values({ home: "/h", skill: "pdf", day: 20_422, uses: 1 }).run();
    sqliteOf(db).insert(usageSnapshots).values({ home: "/h", skill: "pdf", uses: 1, views: 0, patches: 0 }).run();
    sqliteOf(db).insert(usageRequests).values({ home: "/h", requestId: "req-1", at: now }).run();
    sqliteOf(db)
      .insert(skillVectors)
      .values({ model: "m", key: "k", vectors: Buffer.from(Float32Array.of(0.25, -1, 3.5).buffer), at: now })
      .run();
    await takeLease(db, "retention", "host:1", now, 3_600_000);
  }, 120_000);
  afterEach(() => tmp.cleanup());

  /** Every row of every table on both sides, the same way: key order, booleans as booleans, numbers as numbers. */
  async function contents(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const both: Record<string, { sqlite: unknown[][]; postgres: unknown[][] }> = {};
    try {
      for (const table of copyPlan()) {
        const cols = table.columns.map((c) => `"${c.name}"`).join(", ");
        const order = table.key.map((k) => `"${k}"`).join(", ");
        const fromSqlite = sqliteOf(db).$client.prepare(`SELECT ${cols} FROM "${table.name}" ORDER BY ${order}`).raw().all() as unknown[][];
        const fromPg = (await client.query({ text: `SELECT ${cols} FROM "${table.name}" ORDER BY ${order}`, rowMode: "array" })).rows as unknown[][];
        const norm = (rows: unknown[][]) =>
          rows.map((r) => r.map((v, i) => (v === null ? null : table.columns[i].boolean ? Boolean(v) : table.columns[i].pgType === "bigint" ? Number(v) : v)));
        both[table.name] = { sqlite: norm(fromSqlite), postgres: norm(fromPg) };
      }
    } finally {
      await client.end();
    }
    return both;
  }

  it("copies every row of every table, value for value, and the counts match", async () => {
    const url = target();
    const progress: string[] = [];
    const result = await copySqliteToPostgres(sqliteOf(db).$client, url, {
      source: "a.db",
      batchRows: 50,
      onProgress: (p) => progress.push(`${p.table} ${p.copied}/${p.total}`),
    });
    expect(result.resumed).toBe(false);
    expect(result.tables.every((t) => t.source === t.target)).toBe(true);
    const decisions = result.tables.find((t) => t.table === "decisions")!;
    expect(decisions.source).toBeGreaterThan(100);
    expect(progress).toContain(`decisions ${decisions.source}/${decisions.source}`);
    for (const [table, { sqlite, postgres }] of Object.entries(await contents(url))) {
      expect(postgres, table).toEqual(sqlite);
      expect(sqlite.length, table).toBeGreaterThan(0);
    }
    // New rows continue after the copied ids.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const copiedMax = sqliteOf(db).$client.prepare("SELECT max(id) FROM replay_runs").pluck().get() as number;
    const { rows } = await client.query("INSERT INTO replay_runs (at, rules) VALUES (1, '{}') RETURNING id");
    expect(rows[0].id).toBe(copiedMax + 1);
    await client.end();
  });

  it("resumes after an interruption without copying a row twice", async () => {
    const url = target();
    let batches = 0;
    const stopAfterThree = () => {
      if (++batches === 3 + 1) throw new Error("interrupted");
    };
    await expect(copySqliteToPostgres(sqliteOf(db).$client, url, { source: "a.db", batchRows: 40, onProgress: stopAfterThree })).rejects.toThrow("interrupted");
    const result = await copySqliteToPostgres(sqliteOf(db).$client, url, { source: "a.db", batchRows: 40 });
    expect(result.resumed).toBe(true);
    for (const [table, { sqlite, postgres }] of Object.entries(await contents(url))) expect(postgres, table).toEqual(sqlite);
  });

  it("refuses a target that has rows, or holds another database's unfinished copy", async () => {
    const url = target();
    await copySqliteToPostgres(sqliteOf(db).$client, url, { source: "a.db" });
    await expect(copySqliteToPostgres(sqliteOf(db).$client, url, { source: "a.db" })).rejects.toThrow(/not empty \(decision_candidates has rows\)/); // the first table in copy order

    const other = target();
    await expect(
      copySqliteToPostgres(sqliteOf(db).$client, other, {
        source: "a.db",
        batchRows: 10,
        onProgress: (p) => {
          if (p.copied > 0) throw new Error("interrupted");
        },
      }),
    ).rejects.toThrow("interrupted");
    const refusal = copySqliteToPostgres(sqliteOf(db).$client, other, { source: "b.db" });
    await expect(refusal).rejects.toBeInstanceOf(JevError);
    await expect(refusal).rejects.toThrow(/unfinished copy of another database \(a\.db\)/);
  });
});
