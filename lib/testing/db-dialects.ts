import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { closeHandle, type Db, openPostgresDb } from "../../db/client";
import { migratePostgres } from "../../db/client-pg";
import { tempDbPerTest } from "./db-per-test";
import { type Postgres, startPostgres } from "./postgres";
import { postgresSkip } from "./postgres-suite";

/** What a suite run on one database reads inside its tests. */
export interface DialectContext {
  readonly db: Db;
  readonly dialect: Db["jev"]["dialect"];
}

let databases = 0;

/**
 * A fresh, migrated PostgreSQL database for every test of the suite, on a
 * throwaway cluster started for the suite: created from a migrated template,
 * so a test's database costs a CREATE DATABASE, not a migration.
 */
function postgresPerTest(): DialectContext {
  let cluster: Postgres | null = null;
  let template = "";
  let current: Db | null = null;
  beforeAll(async () => {
    cluster = await startPostgres();
    template = `jev_template_${process.pid}`;
    await migratePostgres(cluster.createDatabase(template));
  }, 60_000);
  afterAll(() => cluster?.stop());
  beforeEach(() => {
    const name = `jev_test_${process.pid}_${++databases}`;
    current = openPostgresDb(cluster!.createDatabase(name, template), { max: 4 });
  });
  afterEach(async () => {
    if (current) await closeHandle(current);
    current = null;
  });
  return {
    get db() {
      return current!;
    },
    dialect: "postgres",
  };
}

/**
 * `suite` once on SQLite (a temporary file per test) and once on PostgreSQL
 * (a database per test), so every query is held to the same expectations on
 * both. The PostgreSQL run is skipped, with one line saying why, where it
 * cannot start outside CI; in CI it always runs.
 */
export function describeOnBothDatabases(name: string, suite: (t: DialectContext) => void): void {
  describe(`${name} [SQLite]`, () => {
    const sqlite = tempDbPerTest("jev-dialect-");
    suite({
      get db() {
        return sqlite.db;
      },
      dialect: "sqlite",
    });
  });
  describe.skipIf(postgresSkip(name))(`${name} [PostgreSQL]`, () => suite(postgresPerTest()));
}
