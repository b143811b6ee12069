import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { updateReplayRun } from "../../../db/queries/replay-runs";
import { insertSuggestion, recordFeedback } from "../../../db/queries/suggestions";
import { replayLine } from "../../replay/log-line";
import { DEFAULT_RULES, RulesConfig } from "../../rules/config";
import { ctxAt, freshDb, tempDir, testConfig } from "../../testing/factories";
import { createReplayRun } from "./internal/execute";
import { RUN_STALE_MS, recentReplayRuns, replayRun } from "./runs";
import { beginReplayRun, MAX_RUNNING_REPLAYS } from "./start";
import { replayUpload } from "./upload";
import { appendUpload, beginUpload, MAX_PENDING_UPLOADS, UPLOAD_CHUNK_BYTES } from "./upload-files";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
beforeEach(() => {
  tmp = tempDir("jev-runs-");
  db = freshDb(tmp.dir);
});
afterEach(() => tmp.cleanup());

const T0 = Date.parse("2026-11-02T10:00:00Z");
const LOG = [
  replayLine({ at: T0, session: "s1", kind: "suggest", skill: "pdf" }),
  replayLine({ at: T0 + 60_000, session: "s1", kind: "load", skill: "pdf" }),
  replayLine({ at: T0 + 300_000, session: "s1", kind: "suggest", skill: "pdf" }),
].join("\n");
/** A body that arrives in small pieces, as a network upload does. */
const body = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.subarray(i, i + 7));
      c.close();
    },
  });
};

describe("replay runs", () => {
  it("replays a streamed upload, stores the run with a digest of the log, and lists it", async () => {
    const run = await replayUpload(ctxAt(db, undefined, T0), { body: body(LOG), rules: DEFAULT_RULES, maxBytes: 1_000_000 });
    expect(run.report?.removed).toEqual({ duplicates: 1, rejected: 0, loads_lost: 0 });
    expect(run.log).toMatchObject({ events: 3, bad_lines: 0, bytes: LOG.length, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const again = await replayUpload(ctxAt(db), { body: body(LOG), rules: RulesConfig.parse({ dedup_loaded: false }), maxBytes: 1_000_000 });
    expect(again.log.digest).toBe(run.log.digest);
    expect((await recentReplayRuns(ctxAt(db))).map((r) => r.id)).toEqual([again.id, run.id]);
    expect((await recentReplayRuns(ctxAt(db)))[0].report).toBeUndefined();
    expect(run).toMatchObject({ status: "done", phase: "finished", progress: 1, source: "upload" });
    expect(await replayRun(ctxAt(db), { id: run.id })).toEqual(JSON.parse(JSON.stringify(run)));
    await expect(replayRun(ctxAt(db), { id: 999 })).rejects.toThrow(/no replay run/);
  });

  it("refuses a body over the limit (413) and, strict, a bad line (400), storing nothing", async () => {
    await expect(replayUpload(ctxAt(db), { body: body(`${LOG}\n`.repeat(100)), rules: DEFAULT_RULES, maxBytes: 1_000 })).rejects.toMatchObject({
      code: "payload_too_large",
    });
    await expect(replayUpload(ctxAt(db), { body: body(`${LOG}\nnope`), rules: DEFAULT_RULES, maxBytes: 1_000_000, strict: true })).rejects.toMatchObject({
      code: "bad_request",
      message: "body line 4: not JSON",
    });
    expect(await recentReplayRuns(ctxAt(db))).toEqual([]);
  });

  it("an empty body is a valid empty run", async () => {
    const run = await replayUpload(ctxAt(db), { body: body(""), rules: DEFAULT_RULES, maxBytes: 1_000 });
    expect(run.report).toMatchObject({ events: 0, recorded: { suggestions: 0 } });
  });
});

describe("sweeping an upload", () => {
  it("stores every point of the grid with the frontier beside the base report", async () => {
    const grid = { dedup_loaded: [true, false], min_suggestions: [1, 5] };
    const run = await replayUpload(ctxAt(db), { body: body(LOG), rules: DEFAULT_RULES, sweep: grid, maxBytes: 1_000_000 });
    expect(run.sweep?.grid).toEqual(grid);
    expect(run.sweep?.points).toHaveLength(4);
    expect(run.sweep?.points.some((p) => p.frontier)).toBe(true);
    expect(run.report?.rules).toEqual(DEFAULT_RULES);
  });

  it("refuses a grid over the point limit before reading anything", async () => {
    const big = { min_suggestions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], window_days: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], retry_hours: [1, 2, 3, 4, 5, 6] };
    await expect(replayUpload(ctxAt(db), { body: body(LOG), rules: DEFAULT_RULES, sweep: big, maxBytes: 1_000_000 })).rejects.toMatchObject({ field: "sweep" });
    expect(await recentReplayRuns(ctxAt(db))).toEqual([]);
  });
});

describe("a run's life", () => {
  it("a running run that stopped writing progress reads as failed (its server stopped)", async () => {
    const id = await createReplayRun(db, { source: "demo", rules: DEFAULT_RULES }, T0);
    expect(await replayRun(ctxAt(db, undefined, T0 + 1_000), { id })).toMatchObject({ status: "running", phase: "reading", progress: 0 });
    await updateReplayRun(db, id, { progress: 0.4, updatedAt: T0 + 5_000 });
    expect((await replayRun(ctxAt(db, undefined, T0 + 5_000 + RUN_STALE_MS - 1), { id })).status).toBe("running");
    expect(await replayRun(ctxAt(db, undefined, T0 + 5_000 + RUN_STALE_MS + 1), { id })).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/interrupted/),
    });
  });
});

describe("starting runs from the page", () => {
  const config = () => testConfig(tmp.dir);

  it("replays the last 7 days of live suggestions and loads in the background, and stores the run", async () => {
    const now = T0 + 3_600_000;
    await insertSuggestion(db, { decisionId: null, at: T0, sessionId: "s1", skill: "pdf", reportsLoads: true });
    await recordFeedback(db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T0 + 60_000 }, 300_000);
    await insertSuggestion(db, { decisionId: null, at: T0 + 120_000, sessionId: "s1", skill: "pdf", reportsLoads: true });
    const started = await beginReplayRun(ctxAt(db, config(), now), { source: "live", rules: DEFAULT_RULES });
    expect(await replayRun(ctxAt(db, undefined, now), { id: started.id })).toMatchObject({ status: "running" });
    const run = await started.finished;
    expect(run?.report).toMatchObject({ events: 3, recorded: { suggestions: 2, loaded: 1 }, removed: { duplicates: 1 } });
    expect(await replayRun(ctxAt(db), { id: started.id })).toMatchObject({ status: "done", source: "live" });
  });

  it("replays the demo week: about 1,200 suggestions, the same log every time", async () => {
    const a = await (await beginReplayRun(ctxAt(db, config()), { source: "demo", rules: DEFAULT_RULES })).finished;
    const b = await (await beginReplayRun(ctxAt(db, config()), { source: "demo", rules: RulesConfig.parse({ suppression: { enabled: false } }) })).finished;
    expect(a?.report?.recorded.suggestions).toBeGreaterThan(1_100);
    expect(a?.report?.recorded.suggestions).toBeLessThan(1_300);
    expect(b?.log.digest).toBe(a?.log.digest);
    expect(b?.report?.removed.rejected).toBe(0);
    expect(a?.report?.removed.rejected).toBeGreaterThan(0);
  });

  it("replays a file uploaded in pieces, then removes it", async () => {
    const uploads = { dir: `${tmp.dir}/uploads`, maxBytes: 1_000_000 };
    const bytes = new TextEncoder().encode(LOG);
    const { id } = beginUpload(uploads, bytes.length);
    appendUpload(uploads, id, 0, bytes.subarray(0, 50));
    expect(() => appendUpload(uploads, id, 0, bytes.subarray(0, 50))).toThrow(/offset: expected 50/);
    await expect(beginReplayRun(ctxAt(db, config()), { source: "upload", rules: DEFAULT_RULES, uploadId: id }, { uploads })).rejects.toThrow(/50 of \d+ bytes/);
    appendUpload(uploads, id, 50, bytes.subarray(50));
    const run = await (await beginReplayRun(ctxAt(db, config()), { source: "upload", rules: DEFAULT_RULES, uploadId: id }, { uploads })).finished;
    expect(run?.report?.removed).toEqual({ duplicates: 1, rejected: 0, loads_lost: 0 });
    expect(run?.log.bytes).toBe(bytes.length);
    expect(() => appendUpload(uploads, id, bytes.length, new Uint8Array())).toThrow(/no such upload/);
  });

  it("refuses uploads over the limit, bad ids, pieces past the declared size and oversized pieces", () => {
    const uploads = { dir: `${tmp.dir}/uploads`, maxBytes: 100 * UPLOAD_CHUNK_BYTES };
    expect(() => beginUpload({ ...uploads, maxBytes: 10 }, 11)).toThrow(/JEV_REPLAY_MAX_MB/);
    expect(() => appendUpload(uploads, "../../etc/passwd", 0, new Uint8Array(1))).toThrow(/not an upload id/);
    const { id } = beginUpload(uploads, 5);
    expect(() => appendUpload(uploads, id, 0, new Uint8Array(6))).toThrow(/past the declared 5 bytes/);
    const big = beginUpload(uploads, UPLOAD_CHUNK_BYTES + 1);
    expect(() => appendUpload(uploads, big.id, 0, new Uint8Array(UPLOAD_CHUNK_BYTES + 1))).toThrow(/chunk over/);
  });

  it("keeps at most MAX_PENDING_UPLOADS unfinished uploads: a new one removes the oldest", () => {
    const uploads = { dir: `${tmp.dir}/uploads`, maxBytes: 1_000 };
    const ids = Array.from({ length: MAX_PENDING_UPLOADS + 3 }, () => beginUpload(uploads, 10).id);
    for (const id of ids.slice(0, 3)) expect(() => appendUpload(uploads, id, 0, new Uint8Array(1)), id).toThrow(/no such upload/);
    for (const id of ids.slice(3)) expect(appendUpload(uploads, id, 0, new Uint8Array(1)).received).toBe(1);
    expect(fs.readdirSync(uploads.dir)).toHaveLength(2 * MAX_PENDING_UPLOADS);
  });

  it("carries at most MAX_RUNNING_REPLAYS runs at once", async () => {
    const starting = Array.from({ length: MAX_RUNNING_REPLAYS }, () => beginReplayRun(ctxAt(db, config()), { source: "demo", rules: DEFAULT_RULES }));
    await expect(beginReplayRun(ctxAt(db, config()), { source: "demo", rules: DEFAULT_RULES })).rejects.toThrow(/already running/);
    const started = await Promise.all(starting);
    await Promise.all(started.map((s) => s.finished));
    await (await beginReplayRun(ctxAt(db, config()), { source: "demo", rules: DEFAULT_RULES })).finished;
  });
});
