import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../lib/testing/factories";
import { BACKSTOP_PAGES, DEFAULT_AUTOCHECKPOINT_PAGES, startBackgroundCheckpoints, stopBackgroundCheckpoints } from "./background-checkpoints";
import { type Db, openDb } from "./client";
import { sqliteOf } from "./dialect";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let file: string;
const autocheckpoint = () => sqliteOf(db).$client.pragma("wal_autocheckpoint", { simple: true });

beforeEach(() => {
  tmp = tempDir("jev-checkpoints-");
  file = path.join(tmp.dir, "jev.db");
  db = openDb(file);
});
afterEach(async () => {
  await stopBackgroundCheckpoints(db);
  sqliteOf(db).$client.close();
  tmp.cleanup();
});

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** About `pages` pages of the WAL, one commit each ten rows, as the log writes. */
function writePages(pages: number): void {
  const client = sqliteOf(db).$client;
  client.exec("CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, text TEXT)");
  const insert = client.prepare("INSERT INTO filler (text) VALUES (?)");
  const commit = client.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run("x".repeat(400));
  });
  for (let p = 0; p < pages; p++) commit(10);
}

describe("background checkpoints", () => {
  it("copy the WAL into the file from a worker while the server's own checkpoint waits as a backstop", async () => {
    const worker = startBackgroundCheckpoints(db);
    expect(worker).not.toBeNull();
    await once(worker!, "message");
    expect(autocheckpoint()).toBe(BACKSTOP_PAGES);
    const before = fs.statSync(file).size;
    writePages(2_000); // past SQLite's default of 1,000 pages, short of the backstop
    // Only a checkpoint grows the file itself; the server's connection did not run one.
    await eventually(() => fs.statSync(file).size > before + 1_000 * 4096);
    expect(startBackgroundCheckpoints(db)).toBe(worker); // once per connection
  });

  it("give the server its own checkpoints back when the worker stops", async () => {
    const worker = startBackgroundCheckpoints(db)!;
    await once(worker, "message");
    await stopBackgroundCheckpoints(db);
    await eventually(() => autocheckpoint() === DEFAULT_AUTOCHECKPOINT_PAGES);
  });

  it("leave a file it cannot open, and an in-memory database, to SQLite's own checkpoints", async () => {
    const client = new Database(":memory:");
    expect(startBackgroundCheckpoints({ $client: client, jev: { dialect: "sqlite" } } as unknown as Db)).toBeNull();
    client.close();
    fs.rmSync(file);
    const worker = startBackgroundCheckpoints(db)!; // the file is gone: the worker cannot open it
    await new Promise((exited) => worker.on("exit", exited)); // after its "error"
    expect(autocheckpoint()).toBe(DEFAULT_AUTOCHECKPOINT_PAGES);
  });
});
