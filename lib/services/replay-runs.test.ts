import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { insertSuggestion, recordFeedback } from "../../db/queries/suggestions";
import { replayLine } from "../replay/log-line";
import { DEFAULT_RULES, RulesConfig } from "../rules/config";
import { freshDb, tempDir } from "../testing/factories";
import { listReplayRunsService, replayLiveService, replayRunService, replayUploadService } from "./replay-runs";

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
    const run = await replayUploadService(db, body(LOG), { rules: DEFAULT_RULES, maxBytes: 1_000_000, now: T0 });
    expect(run.report?.removed).toEqual({ duplicates: 1, rejected: 0, loads_lost: 0 });
    expect(run.log).toMatchObject({ events: 3, bad_lines: 0, bytes: LOG.length, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const again = await replayUploadService(db, body(LOG), { rules: RulesConfig.parse({ dedup_loaded: false }), maxBytes: 1_000_000 });
    expect(again.log.digest).toBe(run.log.digest);
    expect(listReplayRunsService(db).map((r) => r.id)).toEqual([again.id, run.id]);
    expect(listReplayRunsService(db)[0].report).toBeUndefined();
    expect(replayRunService(db, run.id)).toEqual(JSON.parse(JSON.stringify(run)));
    expect(() => replayRunService(db, 999)).toThrow(/no replay run/);
  });

  it("refuses a body over the limit (413) and, strict, a bad line (400), storing nothing", async () => {
    await expect(replayUploadService(db, body(`${LOG}\n`.repeat(100)), { rules: DEFAULT_RULES, maxBytes: 1_000 })).rejects.toMatchObject({
      code: "payload_too_large",
    });
    await expect(replayUploadService(db, body(`${LOG}\nnope`), { rules: DEFAULT_RULES, maxBytes: 1_000_000, strict: true })).rejects.toMatchObject({
      code: "bad_request",
      message: "body line 4: not JSON",
    });
    expect(listReplayRunsService(db)).toEqual([]);
  });

  it("an empty body is a valid empty run", async () => {
    const run = await replayUploadService(db, body(""), { rules: DEFAULT_RULES, maxBytes: 1_000 });
    expect(run.report).toMatchObject({ events: 0, recorded: { suggestions: 0 } });
  });
});

describe("replaying the live week", () => {
  it("replays the last 7 days of live suggestions and loads, and stores the run", async () => {
    const now = T0 + 3_600_000;
    insertSuggestion(db, { decisionId: null, at: T0, sessionId: "s1", skill: "pdf", reportsLoads: true });
    recordFeedback(db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T0 + 60_000 }, 300_000);
    insertSuggestion(db, { decisionId: null, at: T0 + 120_000, sessionId: "s1", skill: "pdf", reportsLoads: true });
    const run = await replayLiveService(db, DEFAULT_RULES, now);
    expect(run.report).toMatchObject({ events: 3, recorded: { suggestions: 2, loaded: 1 }, removed: { duplicates: 1 } });
    expect(listReplayRunsService(db)[0].id).toBe(run.id);
  });
});
