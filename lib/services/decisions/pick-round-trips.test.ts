import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeHandle, type Db, openPostgresDb } from "../../../db/client";
import { migratePostgres } from "../../../db/client-pg";
import type { JevConfig } from "../../config";
import { pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { type Postgres, startPostgres } from "../../testing/postgres";
import { postgresSkip } from "../../testing/postgres-suite";
import { WARM_SESSION_SKILLS, WARM_SUGGESTING_TURN, warmUpSession } from "../../testing/warm-session";
import { agentSwitchesForTurn } from "../rules/agent-switches";
import { servePickSkill } from "./pick";

/**
 * What one turn costs PostgreSQL in round trips: every statement a client
 * sends is one (BEGIN and COMMIT included). Counted at the driver, so a new
 * query on the hot path shows up here.
 */
describe.skipIf(postgresSkip("pick-skill's round trips"))("pick-skill's round trips on PostgreSQL", () => {
  let cluster: Postgres;
  let db: Db;
  let tmp: ReturnType<typeof tempDir>;
  let config: JevConfig;
  let root: string;
  let n = 0;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.stop());
  beforeEach(async () => {
    const url = cluster.createDatabase(`round_trips_${++n}`);
    await migratePostgres(url);
    db = openPostgresDb(url, { max: 4 });
    tmp = tempDir("jev-round-trips-");
    config = testConfig(tmp.dir);
    root = path.join(tmp.dir, "skills");
    skillTree(root, WARM_SESSION_SKILLS);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeHandle(db);
    tmp.cleanup();
  });

  /** The statements sent while `work` runs. */
  async function counted<T>(work: () => T | Promise<T>): Promise<{ result: T; statements: number }> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      const result = await work();
      return { result, statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  /** The agent's switches are kept once this instance hears the database's announcements: a read of them then costs nothing. */
  async function switchesKept() {
    for (let i = 0; i < 250; i++) {
      if ((await counted(() => agentSwitchesForTurn(db, "claude-code"))).statements === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("the switches were never kept");
  }

  const turn = (text: string) =>
    servePickSkill(pickCtx({ db, config }), { channel: "api", turn: text, roots: [root], sessionId: "s-1", agent: "claude-code", feedback: true });

  it("a warm session's turn that suggests a skill: one read and one write", async () => {
    await warmUpSession({ db, config }, turn);
    await switchesKept();
    const { result, statements } = await counted(() => turn(WARM_SUGGESTING_TURN));
    expect(result.reply.skills.map((s) => s.name)).toEqual(["xlsx"]);
    expect(result.decisionId).not.toBeNull();
    console.log(`[round trips] a warm turn that suggests: ${statements}`);
    expect(statements).toBeLessThanOrEqual(2);
  });

  it("a trivial turn: one read (the session's reports, for the log) and one write", async () => {
    await turn("merge these two PDF documents into one");
    await switchesKept();
    const { result, statements } = await counted(() => turn("thanks!"));
    expect(result.reply).toMatchObject({ status: "ok", skipped: "trivial" });
    console.log(`[round trips] a trivial turn: ${statements}`);
    expect(statements).toBeLessThanOrEqual(2);
  });
});
