import { createHook } from "node:async_hooks";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import type { JevConfig } from "../../config";
import { freshDb, skillTree, tempDir, testConfig } from "../../testing/factories";
import { recordAgentFeedback } from "../feedback/record";
import { setAgentSwitch } from "../rules/agent-switches";
import { servePickSkill } from "./pick";

/**
 * What a warm turn costs in promises on SQLite. With AsyncLocalStorage
 * enabled (Next.js enables several, and jev's transactions one) every
 * promise runs the async hooks; the SQLite path answers its reads and writes
 * in the caller's turn (lib/maybe-promise.ts), so a step that goes back to
 * an `async` wrapper per statement shows up here.
 */
describe("pick-skill's promises on SQLite", () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Db;
  let config: JevConfig;
  let root: string;
  beforeEach(() => {
    tmp = tempDir("jev-promises-");
    db = freshDb(tmp.dir);
    config = testConfig(tmp.dir);
    root = path.join(tmp.dir, "skills");
    skillTree(root, {
      pdf: "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.",
      xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
      "git-commit": "Write conventional git commit messages from staged changes.",
    });
  });
  afterEach(() => tmp.cleanup());

  async function promisesOf<T>(work: () => Promise<T>): Promise<{ result: T; promises: number }> {
    let promises = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === "PROMISE") promises++;
      },
    }).enable();
    try {
      const result = await work();
      return { result, promises };
    } finally {
      hook.disable();
    }
  }

  const turn = (text: string) =>
    servePickSkill({ channel: "api", db, config }, { turn: text, roots: [root], sessionId: "s-1", agent: "claude-code", feedback: true });

  it("a warm session's turn that suggests a skill makes at most 45 promises", async () => {
    await setAgentSwitch({ db }, { agent: "claude-code", name: "skill_feedback", value: "on" });
    await turn("merge these two PDF documents into one");
    await recordAgentFeedback({ db, config, clock: Date.now }, { sessionId: "s-1", skill: "pdf", event: "loaded" });
    await turn("make a spreadsheet with formulas for the budget");
    const { result, promises } = await promisesOf(() => turn("build an Excel spreadsheet with charts of the sales"));
    expect(result.reply.skills.map((s) => s.name)).toEqual(["xlsx"]);
    expect(result.decisionId).not.toBeNull();
    console.log(`[promises] a warm turn that suggests, on SQLite: ${promises}`);
    expect(promises).toBeLessThanOrEqual(PROMISES_BOUND);
  });
});

/** Measured 33 here (the group commit, the catalog, the engine), and 65 before the SQLite path answered in the caller's turn; the margin is for a rule-2 history reloaded mid-test on a slow machine. */
const PROMISES_BOUND = 45;
