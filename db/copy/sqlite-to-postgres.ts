import type Database from "better-sqlite3";
import pg from "pg";
import { JevError } from "../../lib/base/errors";
import { migratePostgres } from "../client-pg";
import { copyPlan, type TableCopy } from "./copy-plan";

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

export interface CopyResult {
  /** Rows per table in the SQLite file and in PostgreSQL after the copy. */
  tables: { table: string; source: number; target: number }[];
  /** The copy went on from where an earlier, interrupted one stopped. */
  resumed: boolean;
}

export interface CopyOptions {
  /** Identifies the source (its resolved path): only the same source may resume a copy. */
  source: string;
  batchRows?: number;
  onProgress?: (p: CopyProgress) => void;
}

/** Where an unfinished copy is, per table, kept in the target itself so a copy can resume; dropped once the copy is done. */
const PROGRESS = "jev_copy_progress";
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copy a jev SQLite database into an empty PostgreSQL one (migrated first), table by table in key order, a batch per
 * transaction with its progress row, so an interrupted copy resumes after the last batch it committed. Refuses a
 * target that has rows and is not a copy of this source in progress. Ends with the row counts of every table on both
 * sides.
 */
export async function copySqliteToPostgres(sqlite: Database.Database, url: string, options: CopyOptions): Promise<CopyResult> {
  const batchRows = options.batchRows ?? 5000;
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plan = copyPlan();
    const resumed = await claimTarget(client, plan, options.source);
    for (const table of plan) await copyTable(sqlite, client, table, batchRows, options.onProgress);
    for (const table of plan) {
      if (table.identity)
        await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), (SELECT coalesce(max(${q(table.identity)}), 0) + 1 FROM ${q(table.name)}), false)`, [
          table.name,
          table.identity,
        ]);
    }
    const tables = [];
    for (const table of plan) {
      const source =
        (sqlite
          .prepare(`SELECT count(*) FROM ${q(table.name)}`)
          .pluck()
          .get() as number) ?? 0;
      const target = Number((await client.query(`SELECT count(*) AS n FROM ${q(table.name)}`)).rows[0].n);
      tables.push({ table: table.name, source, target });
    }
    if (tables.every((t) => t.source === t.target)) await client.query(`DROP TABLE ${PROGRESS}`);
    return { tables, resumed };
  } finally {
    await client.end();
  }
}

/** Take an empty target (or resume this source's copy into it); refuse anything else. */
async function claimTarget(client: pg.Client, plan: TableCopy[], source: string): Promise<boolean> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${PROGRESS} (tbl text PRIMARY KEY, source text NOT NULL, last_key text, copied bigint NOT NULL DEFAULT 0)`);
  const progress = (await client.query(`SELECT DISTINCT source FROM ${PROGRESS}`)).rows as { source: string }[];
  if (progress.length > 0) {
    if (progress.some((p) => p.source !== source))
      throw new JevError("bad_request", `the target holds an unfinished copy of another database (${progress[0].source}); copy into an empty database`);
    return true;
  }
  for (const table of plan) {
    const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${q(table.name)}) AS has`);
    if (rows[0].has) throw new JevError("bad_request", `the target is not empty (${table.name} has rows); jev db copy only fills an empty database`);
  }
  await client.query(`INSERT INTO ${PROGRESS} (tbl, source) SELECT unnest($1::text[]), $2`, [plan.map((t) => t.name), source]);
  return false;
}

async function copyTable(sqlite: Database.Database, client: pg.Client, table: TableCopy, batchRows: number, onProgress?: (p: CopyProgress) => void) {
  const state = (await client.query(`SELECT last_key, copied FROM ${PROGRESS} WHERE tbl = $1`, [table.name])).rows[0] as
    | { last_key: string | null; copied: string }
    | undefined;
  if (!state) throw new JevError("bad_request", `the copy's progress has no row for ${table.name}; copy into an empty database`);
  let lastKey: unknown[] | null = state.last_key ? JSON.parse(state.last_key) : null;
  let copied = Number(state.copied);
  const total = sqlite
    .prepare(`SELECT count(*) FROM ${q(table.name)}`)
    .pluck()
    .get() as number;
  const columns = table.columns.map((c) => q(c.name)).join(", ");
  const keyList = table.key.map(q).join(", ");
  const after = `(${keyList}) > (${table.key.map(() => "?").join(", ")})`;
  const first = sqlite.prepare(`SELECT ${columns} FROM ${q(table.name)} ORDER BY ${keyList} LIMIT ?`).raw();
  const next = sqlite.prepare(`SELECT ${columns} FROM ${q(table.name)} WHERE ${after} ORDER BY ${keyList} LIMIT ?`).raw();
  const keyAt = table.key.map((k) => table.columns.findIndex((c) => c.name === k));
  const insert = `INSERT INTO ${q(table.name)} (${columns}) SELECT * FROM unnest(${table.columns.map((c, i) => `$${i + 1}::${c.pgType}[]`).join(", ")})`;
  onProgress?.({ table: table.name, copied, total });
  for (;;) {
    const rows = (lastKey ? next.all(...lastKey, batchRows) : first.all(batchRows)) as unknown[][];
    if (rows.length === 0) break;
    const arrays = table.columns.map((c, i) => rows.map((r) => (c.boolean && r[i] !== null ? r[i] === 1 : r[i])));
    lastKey = keyAt.map((i) => rows[rows.length - 1][i]);
    copied += rows.length;
    await client.query("BEGIN");
    try {
      await client.query(insert, arrays);
      await client.query(`UPDATE ${PROGRESS} SET last_key = $2, copied = $3 WHERE tbl = $1`, [table.name, JSON.stringify(lastKey), copied]);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
    onProgress?.({ table: table.name, copied, total });
  }
}
