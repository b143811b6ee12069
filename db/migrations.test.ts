import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tempDbPerTest } from "../lib/testing/db-per-test";
import { sqliteOf } from "./dialect";
import { insertCandidates } from "./queries/decision-candidates";
import { insertDecision } from "./queries/decisions";
import { decisionRollups, judgeRollups, suppressionDays } from "./schema";

const t = tempDbPerTest("jev-migrations-");

/** The backfill statement of the migration that introduced rollups. */
function rollupBackfill(): string {
  const sql = fs.readFileSync(path.join(import.meta.dirname, "migrations", "0002_decision_log.sql"), "utf8");
  return sql.slice(sql.indexOf("INSERT INTO `decision_rollups`"));
}

describe("migration 0002: decision rollups backfill", () => {
  it("counts rows written before rollups existed exactly as live inserts count them", async () => {
    const base = Date.parse("2026-11-20T10:00:00Z");
    const rows = [
      { latencyMs: 3, status: "ok", outcome: "suggested", reasonCode: null },
      { latencyMs: 157, status: "ok", outcome: "nothing_fits", reasonCode: null },
      { latencyMs: 1234, status: "fail_open", outcome: "fail_open", reasonCode: "timeout" },
      { latencyMs: 25_123, status: "fail_open", outcome: "fail_open", reasonCode: null },
      { latencyMs: 3, status: "ok", outcome: "suggested", reasonCode: null },
    ] as const;
    for (const [i, r] of rows.entries()) {
      const at = base + i * 20 * 60_000;
      await insertDecision(t.db, { ...r, at, day: "2026-11-20", requests: 1, catalogSize: 1, skillsReturned: 0, judge: "local", channel: "api" });
    }
    const live = sqliteOf(t.db).select().from(decisionRollups).all();
    sqliteOf(t.db).delete(decisionRollups).run();
    sqliteOf(t.db).run(sql.raw(rollupBackfill()));
    const sort = (list: typeof live) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sort(sqliteOf(t.db).select().from(decisionRollups).all())).toEqual(sort(live));
    expect(live.find((r) => r.reason === "unknown")).toMatchObject({ latencyMs: 25_000, count: 1 });
  });
});

describe("migration 0006: replay runs written while they run", () => {
  it("keeps every earlier run, as a finished upload with its report", () => {
    const dir = t.dir;
    const raw = new Database(path.join(dir, "old.db"));
    const run = (file: string) => {
      const text = fs.readFileSync(path.join(import.meta.dirname, "migrations", file), "utf8");
      for (const statement of text.split("--> statement-breakpoint")) raw.exec(statement);
    };
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    for (const file of files.filter((f) => f < "0006")) run(file);
    raw
      .prepare("INSERT INTO replay_runs (at, rules, report, log_digest, events, bad_lines, log_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(1_790_000_000_000, '{"dedup_loaded":true}', '{"events":3}', "ab".repeat(32), 3, 1, 120);
    run(files.find((f) => f.startsWith("0006")) as string);
    expect(raw.prepare("SELECT * FROM replay_runs").all()).toEqual([
      {
        id: 1,
        at: 1_790_000_000_000,
        source: "upload",
        status: "done",
        phase: "finished",
        progress: 1,
        updated_at: 1_790_000_000_000,
        error: null,
        rules: '{"dedup_loaded":true}',
        report: '{"events":3}',
        sweep: null,
        sweep_points: 0,
        log_digest: "ab".repeat(32),
        events: 3,
        bad_lines: 1,
        log_bytes: 120,
      },
    ]);
    raw.close();
  });
});

describe("migration 0008: suppression counts backfill", () => {
  it("counts candidates suppressed before the table existed exactly as live inserts count them", async () => {
    const base = Date.parse("2026-11-20T23:00:00Z");
    for (const i of [0, 1, 2]) {
      const at = base + i * 50 * 60_000; // across midnight: two days
      const id = await insertDecision(t.db, {
        at,
        day: "-",
        status: "ok",
        outcome: "suppressed",
        latencyMs: 2,
        requests: 1,
        catalogSize: 3,
        skillsReturned: 0,
        judge: "local",
        channel: "api",
      });
      await insertCandidates(t.db, id, at, [
        { name: "pdf", path: "/a/pdf", score: 0.9, match: 0.9, verdict: "suppressed", detail: null },
        { name: "pdf", path: "/b/pdf", score: 0.8, match: 0.8, verdict: i === 2 ? "suppressed" : "runner_up", detail: null },
        { name: "csv", path: "/c", score: 0.1, match: 0.1, verdict: "below_threshold", detail: null },
      ]);
    }
    const read = () => sqliteOf(t.db).select().from(suppressionDays).orderBy(suppressionDays.skill, suppressionDays.day).all();
    const live = read();
    expect(live.map((r) => [r.skill, r.count])).toEqual([
      ["pdf", 2], // 23:00 and 23:50
      ["pdf", 2], // 00:40 the next day, held back under both paths
    ]);
    sqliteOf(t.db).delete(suppressionDays).run();
    const migration = fs.readFileSync(path.join(import.meta.dirname, "migrations", "0008_suppression_days.sql"), "utf8");
    sqliteOf(t.db).run(sql.raw(migration.slice(migration.indexOf("INSERT INTO"))));
    expect(read()).toEqual(live);
  });
});

describe("migration 0010: judge rollups backfill", () => {
  it("counts decisions that asked the judge exactly as live inserts count them", async () => {
    const base = Date.parse("2026-11-20T22:30:00Z");
    const rows = [
      { stageOneMs: 120, stageTwoMs: 300, requests: 5 },
      { stageOneMs: 95, stageTwoMs: null, requests: 4 }, // stage 1 ended the turn
      { stageOneMs: null, stageTwoMs: null, requests: 0 }, // gated: the judge was not asked
      { stageOneMs: 2_345, stageTwoMs: 17, requests: 9 },
    ];
    for (const [i, r] of rows.entries()) {
      const at = base + i * 40 * 60_000;
      await insertDecision(t.db, {
        at,
        day: new Date(at).toISOString().slice(0, 10),
        status: "ok",
        outcome: "nothing_fits",
        latencyMs: 3,
        catalogSize: 3,
        skillsReturned: 0,
        judge: "openai",
        channel: "api",
        ...r,
      });
    }
    const read = () => sqliteOf(t.db).select().from(judgeRollups).orderBy(judgeRollups.hour, judgeRollups.judgeMs).all();
    const live = read();
    expect(live.map((r) => [r.judgeMs, r.count, r.requests])).toEqual([
      [420, 1, 5],
      [95, 1, 4],
      [2_300, 1, 9],
    ]);
    sqliteOf(t.db).delete(judgeRollups).run();
    const migration = fs.readFileSync(path.join(import.meta.dirname, "migrations", "0010_judge_rollups.sql"), "utf8");
    sqliteOf(t.db).run(sql.raw(migration.slice(migration.indexOf("INSERT INTO"))));
    expect(read()).toEqual(live);
  });
});
