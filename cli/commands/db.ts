import fs from "node:fs";
import path from "node:path";
import { openSqliteFile } from "../../db/client";
import { isPostgresUrl } from "../../db/client-pg";
import { type CopyProgress, copySqliteToPostgres } from "../../db/copy/sqlite-to-postgres";
import { JevError } from "../../lib/base/errors";
import { loadConfig } from "../../lib/config";
import { parseFlags, UsageError } from "../usage";

/** How often progress is printed, at most (and at the end of each table). */
const PROGRESS_EVERY_MS = 1000;

/**
 * `jev db copy --to postgres://… [--from FILE] [--batch N]`: the SQLite
 * database (JEV_DB, or --from) copied into an empty PostgreSQL database,
 * resumable, with progress on stderr and the row counts of every table on
 * both sides as JSON. Exit 1 when a count differs.
 */
export async function dbCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== "copy") throw new UsageError(sub ? `unknown db command '${sub}' (try jev db copy --to postgres://…)` : "db needs a command: copy");
  const flags = parseFlags(rest, { to: { type: "string" }, from: { type: "string" }, batch: { type: "string" } });
  if (!flags.to) throw new UsageError("db copy needs --to postgres://USER@HOST/DATABASE");
  if (!isPostgresUrl(flags.to)) throw new UsageError("--to must be a postgres:// or postgresql:// URL");
  const batchRows = flags.batch === undefined ? undefined : Number(flags.batch);
  if (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows > 0 && batchRows <= 100_000))
    throw new UsageError("--batch takes a whole number of rows from 1 to 100000");
  const from = path.resolve(flags.from ?? loadConfig().dbFile);
  if (!fs.existsSync(from)) throw new JevError("bad_request", `no SQLite database at ${from}`);
  const sqlite = openSqliteFile(from); // brought to this version's schema first, as the server would
  let lastPrint = 0;
  const progress = (p: CopyProgress) => {
    const now = Date.now();
    if (p.copied < p.total && now - lastPrint < PROGRESS_EVERY_MS) return;
    lastPrint = now;
    const share = p.total ? ` (${Math.round((100 * p.copied) / p.total)}%)` : "";
    console.error(`jev db copy: ${p.table} ${p.copied.toLocaleString("en")} of ${p.total.toLocaleString("en")} rows${share}`);
  };
  try {
    const result = await copySqliteToPostgres(sqlite, flags.to, { source: from, batchRows, onProgress: progress });
    out(JSON.stringify(result));
    return result.tables.every((t) => t.source === t.target) ? 0 : 1;
  } catch (err) {
    if (err instanceof JevError) throw err;
    // The driver's own words may carry the URL's password: say only what kind of failure it was.
    const code = (err as { code?: string }).code;
    throw new JevError("internal", `could not copy into PostgreSQL${code ? ` (${code})` : ""}; is the server up, and the database there?`);
  } finally {
    sqlite.close();
  }
}
