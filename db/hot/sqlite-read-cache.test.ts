import { performance } from "node:perf_hooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDb, tempDir } from "../../lib/testing/factories";
import type { Db } from "../client";
import { inTransaction, sqliteOf } from "../dialect";
import { deleteFeedbackBatch } from "../queries/retention";
import { deleteSetting, getSettingOnHotPath, setSetting } from "../queries/settings";
import { recordFeedback, sessionReportsOnHotPath } from "../queries/suggestions";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
/** Another connection to the same file: the CLI, or a second server. */
let other: Db;
const T = Date.parse("2026-12-01T00:00:00Z");

beforeEach(() => {
  tmp = tempDir("jev-read-cache-");
  db = freshDb(tmp.dir);
  other = freshDb(tmp.dir);
});
afterEach(() => {
  sqliteOf(db).$client.close();
  sqliteOf(other).$client.close();
  tmp.cleanup();
});

describe("SQLite's hot-path reads", () => {
  it("keep a value until another connection commits, then read it afresh", async () => {
    await setSetting(other, "agent-switches:codex", "a");
    expect(getSettingOnHotPath(db, "agent-switches:codex")).toBe("a");
    expect(getSettingOnHotPath(db, "agent-switches:codex")).toBe("a");
    await setSetting(other, "agent-switches:codex", "b");
    expect(getSettingOnHotPath(db, "agent-switches:codex")).toBe("b");
    await deleteSetting(other, "agent-switches:codex");
    expect(getSettingOnHotPath(db, "agent-switches:codex")).toBeNull();
  });

  it("a turn that began after another connection's commit sees it; one that began before the last check may take its word", async () => {
    await setSetting(other, "k0", "old");
    const early = performance.now();
    expect(getSettingOnHotPath(db, "k0", performance.now())).toBe("old");
    await setSetting(other, "k0", "new");
    expect(getSettingOnHotPath(db, "k0", early)).toBe("old"); // began before the check: the commit is concurrent with it
    expect(getSettingOnHotPath(db, "k0", performance.now())).toBe("new");
    expect(sessionReportsOnHotPath(db, "s0", performance.now())).toEqual({ loaded: [], reportsLoads: false });
    await recordFeedback(other, { sessionId: "s0", skill: "pdf", event: "loaded", at: T }, 60_000);
    expect(sessionReportsOnHotPath(db, "s0", performance.now())).toEqual({ loaded: ["pdf"], reportsLoads: true });
  });

  it("read this process's own writes at once", async () => {
    expect(getSettingOnHotPath(db, "k")).toBeNull();
    await setSetting(db, "k", "1");
    expect(getSettingOnHotPath(db, "k")).toBe("1");
    await deleteSetting(db, "k");
    expect(getSettingOnHotPath(db, "k")).toBeNull();

    expect(sessionReportsOnHotPath(db, "s1")).toEqual({ loaded: [], reportsLoads: false });
    await recordFeedback(db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T }, 60_000);
    expect(sessionReportsOnHotPath(db, "s1")).toEqual({ loaded: ["pdf"], reportsLoads: true });
    expect(await deleteFeedbackBatch(db, T + 1, 100)).toBe(1);
    expect(sessionReportsOnHotPath(db, "s1")).toEqual({ loaded: [], reportsLoads: false });
  });

  it("see another connection's feedback at the next read", async () => {
    expect(sessionReportsOnHotPath(db, "s2")).toEqual({ loaded: [], reportsLoads: false });
    await recordFeedback(other, { sessionId: "s2", skill: "docx", event: "loaded", at: T }, 60_000);
    expect(sessionReportsOnHotPath(db, "s2")).toEqual({ loaded: ["docx"], reportsLoads: true });
  });

  it("keep nothing read while a transaction is open: a rolled-back row is never served", async () => {
    let reportsInside: unknown;
    await expect(
      inTransaction(db, async (tx) => {
        await recordFeedback(tx, { sessionId: "s3", skill: "xlsx", event: "loaded", at: T }, 60_000);
        await setSetting(tx, "k3", "uncommitted");
        // Another request's turn, on the same connection, while the transaction is open.
        reportsInside = sessionReportsOnHotPath(db, "s3");
        expect(getSettingOnHotPath(db, "k3")).toBe("uncommitted");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(reportsInside).toEqual({ loaded: ["xlsx"], reportsLoads: true });
    expect(sessionReportsOnHotPath(db, "s3")).toEqual({ loaded: [], reportsLoads: false });
    expect(getSettingOnHotPath(db, "k3")).toBeNull();
  });

  it("answer a kept value without reading it again", async () => {
    await setSetting(db, "k4", "kept");
    expect(getSettingOnHotPath(db, "k4")).toBe("kept");
    // Changed behind its back on its own connection (no writer of jev does this): still the kept value.
    sqliteOf(db).$client.prepare("UPDATE settings SET value = 'changed' WHERE key = 'k4'").run();
    expect(getSettingOnHotPath(db, "k4")).toBe("kept");
  });
});
