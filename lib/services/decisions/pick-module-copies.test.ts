import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LocalJudge } from "../../judges/local/local-judge";
import { ctxAt, freshDb, skillTree, tempDir, testConfig } from "../../testing/factories";

/**
 * The front door (server/serve.ts) is bundled on its own, so a production
 * server holds two copies of this module graph: Next's (the start-up hook, the
 * dashboard) and the front door's (pick-skill). Each cache the hot path keeps
 * must still exist once: a second copy that built its own index would double
 * the memory and pay the build again on its first turn.
 */
describe("two copies of the pick-skill module graph in one process", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir("jev-copies-");
    skillTree(path.join(tmp.dir, "skills"), {
      pdf: "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.",
      xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
      "git-commit": "Write conventional git commit messages from staged changes.",
    });
  });
  afterEach(() => tmp.cleanup());

  async function freshCopy() {
    vi.resetModules();
    const [pick, judges] = await Promise.all([import("./pick"), import("../../judges/create-judge")]);
    return { serve: pick.servePickSkill, judge: () => judges.getJudge("local") as LocalJudge };
  }

  it("the second copy ranks with the first copy's judge and index, building nothing", async () => {
    const db = freshDb(tmp.dir);
    const ctx = ctxAt(db, testConfig(tmp.dir));
    const request = { channel: "api" as const, turn: "merge these two PDF documents into one", roots: [path.join(tmp.dir, "skills")] };

    const first = await freshCopy();
    const before = await first.serve(ctx, request);
    expect(before.reply.skills[0]?.name).toBe("pdf");
    const judge = first.judge();
    // The judge indexes a catalog the first time it ranks it (`sync`), and then finds it by its identity.
    const indexing = vi.spyOn(judge as unknown as { sync: () => unknown }, "sync");

    const second = await freshCopy();
    expect(second.serve).not.toBe(first.serve); // really another copy
    const after = await second.serve(ctx, request);
    expect(after.reply.skills[0]?.name).toBe("pdf");
    expect(second.judge()).toBe(judge);
    expect(indexing).not.toHaveBeenCalled(); // no second index
  });
});
