import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { sqliteOf } from "../../../../db/dialect";
import { decisions } from "../../../../db/schema";
import type { Decision } from "../../../engine/pick-skill";
import { describeOnBothDatabases } from "../../../testing/db-dialects";
import { tempDbPerTest } from "../../../testing/db-per-test";
import { logDecision } from "./log";

const t = tempDbPerTest("jev-log-");

const decision = (outcome: string | null): Decision => ({
  reply: { status: "ok", needs_skill: 0, skills: [], latency_ms: 1 },
  ranking: [],
  record: {
    status: "ok",
    outcome: outcome as Decision["record"]["outcome"],
    reasonCode: null,
    needsSkill: 0,
    latencyMs: 1,
    stageOneMs: 1,
    stageTwoMs: null,
    connections: 0,
    merged: false,
    requests: 1,
    catalogSize: 3,
    skillsReturned: 0,
    skillsDropped: 0,
    suggested: null,
    suggestedVia: null,
    candidates: [{ name: "pdf", path: "/s/pdf/SKILL.md", score: 0.02, match: null, verdict: "not_finalist" }],
  },
});
const ctx = (sessionId: string) => ({ sessionId, reportsLoads: false, judge: "local", channel: "api" as const, at: Date.parse("2026-11-30T10:00:00Z") });

describe("decision log writes (group commit)", () => {
  it("decisions made in one event-loop turn are written together, each with its own id", async () => {
    const ids = await Promise.all(["a", "b", "c", "d"].map((s) => logDecision(t.db, decision("nothing_fits"), ctx(s))));
    expect(new Set(ids).size).toBe(4);
    expect(
      sqliteOf(t.db)
        .select()
        .from(decisions)
        .all()
        .map((d) => d.sessionId),
    ).toEqual(["a", "b", "c", "d"]);
  });

  it("a row that cannot be written loses only itself, and the log line carries no raw message", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const ids = await Promise.all([
      logDecision(t.db, decision("nothing_fits"), ctx("ok-1")),
      logDecision(t.db, decision(null), ctx("bad")),
      logDecision(t.db, decision("nothing_fits"), ctx("ok-2")),
    ]);
    expect(ids[1]).toBeNull();
    expect(ids[0]).not.toBeNull();
    expect(
      sqliteOf(t.db)
        .select()
        .from(decisions)
        .all()
        .map((d) => d.sessionId),
    ).toEqual(["ok-1", "ok-2"]);
    expect(error).toHaveBeenCalledWith("[jev] could not write a decision log row");
    error.mockRestore();
  });
});

describeOnBothDatabases("decision log under load", (d) => {
  it.runIf(d.dialect === "postgres")("on PostgreSQL, a lone decision waits a moment for as many as the last write had: one statement", async () => {
    const sessions = ["a", "b", "c", "d", "e", "f", "g", "h"];
    await Promise.all(sessions.map((s) => logDecision(d.db, decision("nothing_fits"), ctx(`busy-${s}`))));
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      const lone = logDecision(d.db, decision("nothing_fits"), ctx("lone"));
      // Made just after the lone decision's write would have started, had it not waited.
      const rest = await new Promise<Promise<number | null>[]>((r) =>
        setImmediate(() => r(sessions.slice(1).map((s) => logDecision(d.db, decision("nothing_fits"), ctx(s))))),
      );
      const ids = await Promise.all([lone, ...rest]);
      expect(new Set(ids).size).toBe(8);
      expect(ids).not.toContain(null);
      expect(spy.mock.calls.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
