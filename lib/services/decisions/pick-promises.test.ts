import { createHook } from "node:async_hooks";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import type { JevConfig } from "../../config";
import { freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { WARM_SESSION_SKILLS, WARM_SUGGESTING_TURN, warmUpSession } from "../../testing/warm-session";
import { servePickSkill } from "./pick";

/**
 * What a warm turn costs in promises on SQLite. With AsyncLocalStorage
 * enabled (Next.js enables several, and jev's transactions one) every
 * promise runs the async hooks; the SQLite path answers its reads and writes
 * in the caller's turn (lib/base/maybe-promise.ts), so a step that goes back to
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
    skillTree(root, WARM_SESSION_SKILLS);
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
    servePickSkill(pickCtx({ db, config }), { channel: "api", turn: text, roots: [root], sessionId: "s-1", agent: "claude-code", feedback: true });

  it("a warm session's turn that suggests a skill makes at most 45 promises", async () => {
    await warmUpSession({ db, config }, turn);
    const { result, promises } = await promisesOf(() => turn(WARM_SUGGESTING_TURN));
    expect(result.reply.skills.map((s) => s.name)).toEqual(["xlsx"]);
    expect(result.decisionId).not.toBeNull();
    console.log(`[promises] a warm turn that suggests, on SQLite: ${promises}`);
    expect(promises).toBeLessThanOrEqual(PROMISES_BOUND);
  });
});

/** Measured 30-33 here (the group commit, the catalog, the engine), and 65 before the SQLite path answered in the caller's turn; the margin is for a rule-2 history reloaded mid-test on a slow machine. */
const PROMISES_BOUND = 45;
