import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Postgres, startPostgres } from "../../lib/testing/postgres";
import { postgresSkip } from "../../lib/testing/postgres-suite";
import { closeHandle, type Db, openPostgresDb } from "../client";
import { migratePostgres } from "../client-pg";
import { getSettingOnHotPath, setSetting } from "../queries/settings";

/** Polls `check` until it holds (the announcement travels through the server), for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("never held");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(postgresSkip("settings watch"))("settings read on every turn, kept per instance on PostgreSQL", () => {
  let cluster: Postgres;
  let url: string;
  let a: Db;
  let b: Db;
  let n = 0;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.stop());
  beforeEach(async () => {
    url = cluster.createDatabase(`settings_watch_${++n}`);
    await migratePostgres(url);
    // Two instances of a fleet: two handles, each with its own watch (they are told apart by their URLs).
    a = openPostgresDb(`${url}?application_name=instance-a`, { max: 2 });
    b = openPostgresDb(`${url}?application_name=instance-b`, { max: 2 });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeHandle(a);
    await closeHandle(b);
  });

  /** Statements instance A sends while `work` runs (the listening connection's LISTEN included). */
  async function statementsOf<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      const value = await work();
      return { value, statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  /** A's watch is listening once a read of it costs no statement. */
  async function listening(db: Db, key: string) {
    await eventually(async () => (await statementsOf(async () => getSettingOnHotPath(db, key))).statements === 0);
  }

  it("serves a kept value without a round trip, and forgets it when another instance changes it", async () => {
    await setSetting(b, "agent-switches:claude-code", '{"skills":"on"}');
    await listening(a, "agent-switches:claude-code");
    expect(await getSettingOnHotPath(a, "agent-switches:claude-code")).toBe('{"skills":"on"}');
    await setSetting(b, "agent-switches:claude-code", '{"skills":"off"}');
    await eventually(async () => (await getSettingOnHotPath(a, "agent-switches:claude-code")) === '{"skills":"off"}');
  });

  it("hears changes made with plain SQL, and a key that did not exist", async () => {
    await listening(a, "agent-switches:codex");
    expect(await getSettingOnHotPath(a, "agent-switches:codex")).toBeNull();
    await b.execute("INSERT INTO settings (key, value) VALUES ('agent-switches:codex', 'x')");
    await eventually(async () => (await getSettingOnHotPath(a, "agent-switches:codex")) === "x");
    await b.execute("DELETE FROM settings");
    await eventually(async () => (await getSettingOnHotPath(a, "agent-switches:codex")) === null);
  });

  it("its own write is read back at once", async () => {
    await listening(a, "k");
    await setSetting(a, "k", "1");
    expect(await getSettingOnHotPath(a, "k")).toBe("1");
  });

  it("reads through while its listening connection is lost, and keeps values again once it is back", async () => {
    await setSetting(b, "k", "1");
    await listening(a, "k");
    await b.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'instance-a' AND query LIKE 'LISTEN%'");
    // Changed while A cannot hear it: A must not answer from memory.
    await setSetting(b, "k", "2");
    await eventually(async () => (await getSettingOnHotPath(a, "k")) === "2");
    await listening(a, "k");
    await setSetting(b, "k", "3");
    await eventually(async () => (await getSettingOnHotPath(a, "k")) === "3");
  });
});
