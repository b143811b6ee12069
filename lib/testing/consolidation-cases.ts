import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Db } from "../../db/client";
import type { JevConfig } from "../config";
import { ctxAt, freshDb, tempDir, testConfig } from "./factories";
import { type JudgeServer, startJudgeServer } from "./judge-server";

/** One consolidation test case's world: a fresh SQLite history, a Hermes home, a config asking the file's scripted judge. */
export interface ConsolidationCase {
  judge: JudgeServer;
  db: Db;
  home: string;
  skills: string;
  config: JevConfig;
  /** A service context at `now`. */
  ctx: () => ReturnType<typeof ctxAt>;
  /** The judge answers the next question with these plans. */
  plan: (...plans: object[]) => void;
}

/**
 * Registers a test file's hooks: one scripted OpenAI-compatible judge on loopback for the file, and before each test
 * a fresh case whose Hermes home `build` fills. The returned object is refilled per test.
 */
export function consolidationCases(prefix: string, now: number, build: (home: string, skills: string) => void): ConsolidationCase {
  const tmp = tempDir(prefix);
  const c = {} as ConsolidationCase;
  c.ctx = () => ctxAt(c.db, c.config, now);
  c.plan = (...plans) => c.judge.script(() => ({ kind: "content", content: JSON.stringify({ plans }) }));
  beforeAll(async () => {
    c.judge = await startJudgeServer();
  });
  afterAll(async () => {
    await c.judge.close();
    tmp.cleanup();
  });
  beforeEach(() => {
    const dir = fs.mkdtempSync(path.join(tmp.dir, "case-"));
    c.db = freshDb(dir);
    c.home = path.join(dir, "hermes");
    c.skills = path.join(c.home, "skills");
    build(c.home, c.skills);
    c.config = testConfig(dir, { HERMES_HOME: c.home, JEV_JUDGE: "openai", JEV_JUDGE_URL: `${c.judge.url}/v1`, JEV_JUDGE_MODEL: "test-model" });
    c.judge.reset();
  });
  return c;
}
