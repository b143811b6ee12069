import { afterEach, beforeEach } from "vitest";
import type { Db } from "../../db/client";
import { freshDb, tempDir } from "./factories";

/**
 * A temporary folder with a fresh, migrated SQLite file for every test of the
 * calling file, removed afterwards. Read `dir` and `db` inside tests.
 */
export function tempDbPerTest(prefix: string): { readonly dir: string; readonly db: Db } {
  let current: { dir: string; db: Db; cleanup: () => void } | null = null;
  beforeEach(() => {
    const tmp = tempDir(prefix);
    current = { dir: tmp.dir, db: freshDb(tmp.dir), cleanup: tmp.cleanup };
  });
  afterEach(() => current?.cleanup());
  return {
    get dir() {
      return current!.dir;
    },
    get db() {
      return current!.db;
    },
  };
}
