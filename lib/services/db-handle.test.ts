import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { freshDb, tempDir } from "../testing/factories";

/**
 * The handle services and pages get is typed with PostgreSQL's builder: a
 * query is awaited, so it runs on both databases. SQLite's sync execution
 * methods exist at run time on SQLite, but do not compile here (typecheck
 * fails on an unused @ts-expect-error if they ever do).
 */
let tmp: ReturnType<typeof tempDir>;
let db: Db;
beforeEach(() => {
  tmp = tempDir("jev-handle-");
  db = freshDb(tmp.dir);
});
afterEach(() => tmp.cleanup());

it("SQLite's sync .all(), .get() and .run() do not compile on the handle; awaiting does", async () => {
  const { settings } = db.jev.t;
  // @ts-expect-error sync .all() is SQLite's alone
  const all = () => db.select().from(settings).all();
  // @ts-expect-error sync .get() is SQLite's alone
  const get = () => db.select().from(settings).get();
  // @ts-expect-error sync .run() is SQLite's alone
  const run = () => db.insert(settings).values({ key: "k", value: "v" }).run();
  expect([all, get, run].every((f) => typeof f === "function")).toBe(true);
  await db.insert(settings).values({ key: "k", value: "v" });
  expect(await db.select().from(settings)).toEqual([{ key: "k", value: "v" }]);
});
