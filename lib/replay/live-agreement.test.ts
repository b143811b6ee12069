import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { seededRandom } from "../base/random";
import type { JevConfig } from "../config";
import { DEFAULT_RULES } from "../rules/config";
import { servePickSkill } from "../services/decisions/pick";
import { recordAgentFeedback } from "../services/feedback/record";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig } from "../testing/factories";
import { replayLine } from "./log-line";
import { readReplayLog } from "./read-log";
import { runReplay } from "./run-replay";

/**
 * The replay predicts production: the live service (in process, real SQLite,
 * clock injected) and the replay harness go through the same sequence of
 * turns and loads, and must show the same suggestions.
 */
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let config: JevConfig;
let root: string;

beforeEach(() => {
  tmp = tempDir("jev-agree-");
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
  root = skillTree(path.join(tmp.dir, "skills"), {
    pdf: "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.",
    xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
    "git-commit": "Write conventional git commit messages from staged changes.",
  });
});
afterEach(() => tmp.cleanup());

describe("live service and replay agree", () => {
  it.each([1, 2, 3, 4])("on a random fortnight of turns and loads (seed %i)", async (seed) => {
    const random = seededRandom(seed);
    const turns = { pdf: "merge these two PDF documents into one", xlsx: "build an Excel spreadsheet with formulas" } as const;
    let now = Date.parse("2026-11-02T08:00:00Z");
    const log: string[] = [];
    const liveShown: boolean[] = [];
    const liveShownBySkill = new Map<string, number>();
    for (let step = 0; step < 160; step++) {
      now += Math.floor(random() * 3 * 3_600_000); // up to 3 h apart: the 6-hour retry and the window both come into play
      const session = `s${Math.floor(random() * 5)}`;
      const skill = random() < 0.75 ? "pdf" : "xlsx";
      const served = await servePickSkill(pickCtx({ db, config, clock: () => now }), {
        channel: "api",
        turn: turns[skill],
        roots: [root],
        sessionId: session,
        feedback: true,
      });
      // What the engine would suggest with no rules is the recorded log's suggestion; what live showed is the replay's to match.
      const verdict = served.record.candidates.find((c) => c.name === skill)?.verdict;
      expect(["suggested", "already_loaded", "suppressed"], "rules aside, the engine suggests the turn's skill").toContain(verdict);
      log.push(replayLine({ at: now, session, kind: "suggest", skill }));
      liveShown.push(served.record.suggested?.name === skill);
      if (served.record.suggested?.name === skill) liveShownBySkill.set(skill, (liveShownBySkill.get(skill) ?? 0) + 1);
      if (random() < (skill === "pdf" ? 0.06 : 0.6)) {
        const at = now + Math.floor(random() * 4 * 60_000);
        await recordAgentFeedback(ctxAt(db, config, at), { sessionId: session, skill, event: "loaded", at });
        log.push(replayLine({ at, session, kind: "load", skill }));
        now = at;
      }
    }
    const { events } = await readReplayLog(log);
    const report = runReplay(events, DEFAULT_RULES);
    expect(report.replayed.suggestions).toBe(liveShown.filter(Boolean).length);
    expect(report.removed.duplicates + report.removed.rejected).toBe(liveShown.filter((s) => !s).length);
    expect(Object.fromEntries(report.skills.map((r) => [r.skill, r.replayed]))).toEqual(Object.fromEntries(liveShownBySkill));
    expect(report.removed.rejected, "rule 2 came into play").toBeGreaterThan(0);
    expect(report.removed.duplicates, "rule 1 came into play").toBeGreaterThan(0);
  });
});
