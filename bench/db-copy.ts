/**
 * `jev db copy` of a 1M-decision SQLite database (bench/decision-log.ts builds
 * it in bench/out/ on its first run) into an empty PostgreSQL database: wall
 * time, rows per second and the copying process's peak RSS (sampled from
 * /proc every 50 ms). Baseline in the same run: reading every row of every
 * table out of the SQLite file alone, in key order, as the copy does.
 *
 *   node bin/run-ts.mjs bench/db-copy.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { copyPlan } from "../db/copy/copy-plan";
import { startPostgres } from "../lib/testing/postgres";
import { rssMb } from "../lib/testing/server-process";

const source = path.resolve(import.meta.dirname, "out", "decision-log-1000000.db");
if (!fs.existsSync(source)) {
  console.error(`no ${source}: run node bin/run-ts.mjs bench/decision-log.ts first (it builds the 1M-decision log)`);
  process.exit(2);
}

/** Baseline: every row of every table read in key order, a batch at a time, and dropped. */
function readAll(file: string): { rows: number; ms: number } {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let rows = 0;
  for (const table of copyPlan()) {
    const cols = table.columns.map((c) => `"${c.name}"`).join(", ");
    const order = table.key.map((k) => `"${k}"`).join(", ");
    for (const _ of db.prepare(`SELECT ${cols} FROM "${table.name}" ORDER BY ${order}`).raw().iterate()) rows++;
  }
  db.close();
  return { rows, ms: performance.now() - started };
}

const cluster = await startPostgres();
try {
  const url = cluster.createDatabase("copy_bench");
  const started = performance.now();
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "..", "bin", "jev.mjs"), "db", "copy", "--to", url, "--from", source], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid!));
  }, 50);
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => process.stderr.write(d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`jev db copy exited with ${code}`);
  const result = JSON.parse(out) as { tables: { table: string; source: number; target: number }[] };
  const rows = result.tables.reduce((n, t) => n + t.source, 0);
  const same = result.tables.every((t) => t.source === t.target);
  const baseline = readAll(source);
  const decisions = result.tables.find((t) => t.table === "decisions")!.source;
  console.log(
    `jev db copy: ${decisions.toLocaleString("en")} decisions, ${rows.toLocaleString("en")} rows in all (${(fs.statSync(source).size / 2 ** 20).toFixed(0)} MB SQLite file)`,
  );
  console.log(
    `  copy into PostgreSQL: ${(ms / 1000).toFixed(1)} s (${Math.round(rows / (ms / 1000)).toLocaleString("en")} rows/s), peak RSS ${peak.toFixed(0)} MB, counts ${same ? "match" : "DIFFER"}`,
  );
  console.log(`  baseline, reading every row from SQLite alone: ${(baseline.ms / 1000).toFixed(1)} s; the copy takes ${(ms / baseline.ms).toFixed(1)}x that`);
} finally {
  cluster.stop();
}
