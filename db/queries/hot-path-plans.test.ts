import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { DEFAULT_RULES } from "../../lib/rules/config";
import { postgresSkip, useTestPostgres } from "../../lib/testing/postgres-suite";
import { closeHandle, type Db, openPostgresDb } from "../client";
import { migratePostgres } from "../client-pg";
import { type DecisionWrite, writeDecisionGroup } from "./decision-batch";
import { readForTurn } from "./turn-reads";

const T = Date.parse("2026-11-20T10:00:00Z");

function decision(i: number): DecisionWrite {
  const at = T + i;
  return {
    row: {
      at,
      day: utcDay(at),
      status: "ok",
      outcome: "below_threshold",
      latencyMs: 3,
      requests: 1,
      catalogSize: 9,
      skillsReturned: 1,
      judge: "local",
      channel: "api",
      sessionId: `s${i % 3}`,
    },
    candidates: Array.from({ length: 1 + (i % 4) }, (_, rank) => ({
      name: `skill-${rank}`,
      path: `/skills/${rank}`,
      score: 0.5,
      match: 0.1,
      verdict: "not_finalist" as const,
      detail: null,
    })),
    suggestion: null,
  };
}

const skip = postgresSkip("the hot path's prepared statements");

/**
 * Each turn runs a grouped read and a grouped write as named statements, so
 * PostgreSQL parses and plans each once per connection. That holds only if
 * it settles on the generic plan: when its custom plans for the values at
 * hand look cheaper, it plans every execution afresh (about a millisecond a
 * statement here), which is what one array per column did to the read.
 */
describe.skipIf(skip)("the hot path's statements on PostgreSQL", () => {
  const cluster = useTestPostgres();
  let db: Db;
  beforeAll(async () => {
    const url = cluster.current().createDatabase("hot_path_plans");
    await migratePostgres(url);
    db = openPostgresDb(url, { max: 1 });
  });
  afterAll(async () => {
    if (db) await closeHandle(db);
  });

  it("settle on their generic plans as the values change from turn to turn", async () => {
    let k = 0;
    for (let round = 0; round < 12; round++) {
      const size = 1 + (round % 5);
      await writeDecisionGroup(
        db,
        Array.from({ length: size }, () => decision(k++)),
      );
      await Promise.all(
        Array.from({ length: size }, (_, i) =>
          readForTurn(db, {
            sessionId: `s${i}`,
            names: Array.from({ length: 1 + ((round + i) % 6) }, (_, n) => `skill-${n}`),
            now: T + round,
            rules: DEFAULT_RULES,
          }),
        ),
      );
    }
    const prepared = await db.execute<{ name: string; generic_plans: string; custom_plans: string }>(
      sql`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'jev_%'`,
    );
    const runs = prepared.rows.map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
    // PostgreSQL tries five custom plans before it weighs the generic one; every statement run more often must have settled.
    const settled = runs.filter((r) => r.generic + r.custom > 5);
    expect(settled.map((r) => r.name.replace(/_v\d+.*$/, "")).sort()).toEqual(["jev_decision_batch", "jev_turn_reads"]);
    for (const r of settled) expect(r).toEqual({ name: r.name, generic: r.generic, custom: 5 });
  });
});
