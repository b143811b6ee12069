import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import { skillUsageEvents } from "../../../db/queries/usage-events";
import { toJevError } from "../../base/errors";
import { readUsage, usagePaths } from "../../hermes/usage-file";
import { ctxAt, freshDb, tempDir, testConfig } from "../../testing/factories";
import { buildHermesHome } from "../../testing/hermes-home";
import { bumpUsage, skillFolderNameProblem } from "./bump";
import { forgetRequest } from "./internal/request-ids";
import { refreshUsageHistory } from "./refresh-history";

/**
 * A usage bump is either acknowledged or not done (finding 5 of the
 * hardening issue): with the database's disk full, bumps answered 500 after
 * the count was already in `.usage.json`, so a client that retried counted twice.
 */
const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let home: string;
const config = () => testConfig(tmp.dir, { HERMES_HOME: home });
const uses = () => readUsage(home).map.pdf?.use_count;
beforeEach(() => {
  tmp = tempDir("jev-bump-ack-");
  db = freshDb(tmp.dir);
  home = path.join(tmp.dir, "hermes");
  buildHermesHome(home, { skills: { pdf: null } });
});
afterEach(() => tmp.cleanup());

describe("a usage bump is acknowledged exactly when .usage.json holds it", () => {
  it("jev's history failing after the file was written still answers done; the next scan records the bump once", async () => {
    sqliteOf(db).$client.pragma("query_only = ON"); // every write to the database now fails
    const record = await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use" });
    expect(record.use_count).toBe(1);
    expect(uses()).toBe(1);
    sqliteOf(db).$client.pragma("query_only = OFF");
    expect(await skillUsageEvents(db, home, "pdf")).toEqual([]);
    expect((await refreshUsageHistory(ctxAt(db, config(), NOW), { home })).events).toBe(1);
    expect((await skillUsageEvents(db, home, "pdf")).map((e) => [e.kind, e.count, e.source])).toEqual([["use", 1, "hermes"]]);
    expect((await refreshUsageHistory(ctxAt(db, config(), NOW), { home })).events).toBe(0);
  });

  it("a bump the file could not take is refused and counts nothing", async () => {
    fs.rmSync(usagePaths(home).file, { force: true });
    fs.mkdirSync(usagePaths(home).file); // a folder where the file should be: the rename cannot replace it
    await expect(bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use" })).rejects.toBeDefined();
    expect(await skillUsageEvents(db, home, "pdf")).toEqual([]);
  });

  it("a full disk is insufficient_storage (507), not internal", () => {
    for (const code of ["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]) {
      const err = Object.assign(new Error("database or disk is full"), { code });
      expect(toJevError(err).status, code).toBe(507);
      expect(toJevError(err).message).not.toContain("database or disk");
    }
  });
});

describe("request_id: a retry is never counted twice", () => {
  it("the same id again, at once or later, answers the record without counting", async () => {
    const first = await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-1" });
    const again = await bumpUsage(ctxAt(db, config(), NOW + 1_000), { name: "pdf", kind: "use", requestId: "req-1" });
    expect(first.use_count).toBe(1);
    expect(again.use_count).toBe(1);
    const both = await Promise.all([
      bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-2" }),
      bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-2" }),
    ]);
    expect(both.map((r) => r.use_count)).toEqual([2, 2]);
    expect(uses()).toBe(2);
    expect(await skillUsageEvents(db, home, "pdf")).toHaveLength(2);
  });

  it("after a restart (this process forgot the id) the database remembers it", async () => {
    await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "view", requestId: "req-3" });
    forgetRequest(home, "req-3");
    await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "view", requestId: "req-3" });
    expect(readUsage(home).map.pdf.view_count).toBe(1);
  });

  it("when the database could not record it, the process still does", async () => {
    sqliteOf(db).$client.pragma("query_only = ON");
    await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-4" });
    await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-4" });
    sqliteOf(db).$client.pragma("query_only = OFF");
    expect(uses()).toBe(1);
  });

  it("a bump that was refused may be sent again with its id, and counts then", async () => {
    fs.rmSync(usagePaths(home).file, { force: true });
    fs.mkdirSync(usagePaths(home).file);
    await expect(bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-5" })).rejects.toBeDefined();
    fs.rmdirSync(usagePaths(home).file);
    expect((await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use", requestId: "req-5" })).use_count).toBe(1);
  });
});

describe("names a usage bump may add (second hardening round)", () => {
  it("could be a skill folder's name: a path, a NUL, a hidden folder or 200 characters is a 400; a name no skill has yet still counts", () => {
    for (const bad of ["../../etc", "a/b", "a\\b", "..", "\u0000x", "tab\there", ".archive", "x".repeat(200)])
      expect(skillFolderNameProblem(bad), JSON.stringify(bad)).not.toBeNull();
    for (const good of ["pdf", "PDF_Tools", "my.skill-2", "__proto__", "x".repeat(64), "ünïcode"]) expect(skillFolderNameProblem(good), good).toBeNull();
  });
});
