import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tempDbPerTest } from "../lib/testing/db-per-test";
import { insertDecision } from "./queries/decisions";
import { decisionRollups } from "./schema";

const t = tempDbPerTest("jev-migrations-");

/** The backfill statement of the migration that introduced rollups. */
function rollupBackfill(): string {
  const sql = fs.readFileSync(path.join(import.meta.dirname, "migrations", "0002_decision_log.sql"), "utf8");
  return sql.slice(sql.indexOf("INSERT INTO `decision_rollups`"));
}

describe("migration 0002: decision rollups backfill", () => {
  it("counts rows written before rollups existed exactly as live inserts count them", () => {
    const base = Date.parse("2026-11-20T10:00:00Z");
    const rows = [
      { latencyMs: 3, status: "ok", outcome: "suggested", reasonCode: null },
      { latencyMs: 157, status: "ok", outcome: "nothing_fits", reasonCode: null },
      { latencyMs: 1234, status: "fail_open", outcome: "fail_open", reasonCode: "timeout" },
      { latencyMs: 25_123, status: "fail_open", outcome: "fail_open", reasonCode: null },
      { latencyMs: 3, status: "ok", outcome: "suggested", reasonCode: null },
    ] as const;
    rows.forEach((r, i) => {
      const at = base + i * 20 * 60_000;
      insertDecision(t.db, { ...r, at, day: "2026-11-20", requests: 1, catalogSize: 1, skillsReturned: 0, judge: "local", channel: "api" });
    });
    const live = t.db.select().from(decisionRollups).all();
    t.db.delete(decisionRollups).run();
    t.db.run(sql.raw(rollupBackfill()));
    const sort = (list: typeof live) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sort(t.db.select().from(decisionRollups).all())).toEqual(sort(live));
    expect(live.find((r) => r.reason === "unknown")).toMatchObject({ latencyMs: 25_000, count: 1 });
  });
});
