import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { processWide } from "../lib/base/process-state";
import type { Db } from "./client";
import { isPostgres, sqliteOf } from "./dialect";

/**
 * WAL checkpoints of a server's SQLite file, run by a worker thread on a connection of its own (a PASSIVE
 * checkpoint every CHECK_MS: it never waits for a lock or blocks a writer or reader) instead of inside the
 * server's commits. The server's own automatic checkpoint stays at BACKSTOP_PAGES should the worker fall behind.
 */
// SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000 pages, and the event loop
// serves nothing while it copies and syncs (figures: db/hot/README.md). Once the worker fails or stops, the
// server is back at SQLite's default; other processes (the CLI) keep the default throughout.
const CHECK_MS = 100;
/** The server's own checkpoint while the worker runs: a WAL this long means the worker is not keeping up. */
export const BACKSTOP_PAGES = 10_000;
/** SQLite's default. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

/**
 * The worker's whole program, as text: a bundler leaves a string alone (it
 * rewrites `require` in code it compiles). Its settings come in workerData.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const Driver = require(workerData.driver);
const db = new Driver(workerData.file, { fileMustExist: true });
db.pragma("synchronous = NORMAL"); // as the server's connection: a checkpoint syncs the WAL, then the file
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
parentPort.postMessage("ready");
setInterval(() => checkpoint.get(), workerData.everyMs);
`;

/** The worker allocates next to nothing: a small heap keeps its share of the server's memory small. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 };

/** One checkpointing worker per connection, whichever copy of db/ started it. */
const running = processWide("jev.checkpointWorkers", () => new WeakMap<Database.Database, Worker>());

/** Start checkpointing `db`'s file in the background (SQLite files only; once per connection). */
export function startBackgroundCheckpoints(db: Db): Worker | null {
  if (isPostgres(db)) return null;
  const client = sqliteOf(db).$client;
  if (client.memory || running.has(client)) return running.get(client) ?? null;
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    resourceLimits: WORKER_LIMITS,
    workerData: { file: client.name, driver: createRequire(import.meta.url).resolve("better-sqlite3"), everyMs: CHECK_MS },
  });
  running.set(client, worker);
  worker.unref(); // it never keeps the server up
  worker.once("message", () => {
    if (client.open) client.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  });
  const stopped = (why: string | null) => {
    if (running.get(client) !== worker) return;
    running.delete(client);
    if (client.open) client.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    if (why) console.error(`[jev] background checkpoints stopped (${why}): SQLite checkpoints in the server's commits again`);
  };
  worker.on("error", () => stopped("the worker failed"));
  worker.on("exit", () => stopped(null));
  return worker;
}

/** Stop the background checkpoints of `db` (tests; a server just exits). */
export async function stopBackgroundCheckpoints(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await running.get(sqliteOf(db).$client)?.terminate();
}
