import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { discover } from "../../catalog/discover";
import { WalkBudget } from "../../catalog/walk-budget";
import * as bm25f from "../../judges/local/lexical/bm25f";
import { pickCtx, tempDir, testConfig, writeSkill } from "../../testing/factories";
import { servePickSkill } from "../decisions/pick";
import { catalogSource } from "./source";
import { warmLocalJudge } from "./warm-judge";

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

describe("warmLocalJudge (server start)", () => {
  it("indexes the default catalog before the first turn: that turn tokenizes nothing", async () => {
    tmp = tempDir("jev-warm-");
    const skills = path.join(tmp.dir, "hermes", "skills");
    writeSkill(skills, "pdf-tools", "Merge, split and extract text from PDF files.", { body: "## When to use\n- the user wants two PDFs joined into one" });
    writeSkill(skills, "csv-clean", "Clean and deduplicate CSV spreadsheets before import.");
    const config = testConfig(tmp.dir);
    expect(await warmLocalJudge(config)).toBe(2);
    const before = bm25f.cardsTokenized;
    const { reply } = await servePickSkill(pickCtx({ config }), { channel: "api", turn: "join these two PDFs into one" });
    expect(reply.status === "ok" && reply.skills[0]?.name).toBe("pdf-tools");
    expect(bm25f.cardsTokenized).toBe(before);
  });
});

/** A machine so loaded that every look at the clock finds 50 ms gone: a 60-skill walk then takes "seconds". */
function slowMachine() {
  const realNow = Date.now.bind(Date);
  let lag = 0;
  const spy = vi.spyOn(Date, "now").mockImplementation(() => {
    lag += 50;
    return realNow() + lag;
  });
  return () => spy.mockRestore();
}

describe("a restart on a slow machine (issue: every turn failed open for the first 30 s)", () => {
  const home = () => path.join(tmp.dir, "hermes");
  const sixtySkills = () => {
    for (let i = 0; i < 59; i++) writeSkill(path.join(home(), "skills"), `tool-${i}`, `Handle the chores of department number ${i} with care.`);
    writeSkill(path.join(home(), "skills"), "pdf-tools", "Merge, split and extract text from PDF files.");
  };
  const pick = (config: ReturnType<typeof testConfig>) => servePickSkill(pickCtx({ config }), { channel: "api", turn: "merge these two PDF files into one" });

  it("a request's own walk runs over its 3 s there; the walk at start does not, and the first turn is answered with a skill", async () => {
    tmp = tempDir("jev-slow-start-");
    sixtySkills();
    const config = testConfig(tmp.dir);
    const restore = slowMachine();
    try {
      // What the first turn used to meet: its own 3 s budget spent by the walk.
      const source = catalogSource({}, config);
      await expect(discover(source.roots, { disabled: source.disabled, fence: source.fence, budget: new WalkBudget() })).rejects.toThrow(/took over 3 s/);
      // The server's walk at start has its own budget, and the turns after it are answered from its catalog.
      expect(await warmLocalJudge(config)).toBe(60);
      const { reply } = await pick(config);
      expect(reply.status === "ok" && reply.skills[0]?.name).toBe("pdf-tools");
    } finally {
      restore();
    }
  });

  it("a later walk over budget (a change to re-read on a loaded machine) answers from the catalog read before, not catalog_over_budget", async () => {
    tmp = tempDir("jev-slow-later-");
    sixtySkills();
    const config = testConfig(tmp.dir);
    expect((await pick(config)).reply.skills[0]?.name).toBe("pdf-tools");
    writeSkill(path.join(home(), "skills"), "csv-clean", "Clean and deduplicate CSV spreadsheets before import.");
    const restore = slowMachine();
    try {
      for (let i = 0; i < 2; i++) {
        const { reply } = await pick(config);
        expect(reply).toMatchObject({ status: "ok" });
        expect(reply.skills[0]?.name).toBe("pdf-tools");
      }
    } finally {
      restore();
    }
    // Once the machine keeps up again (after the 30 s memory), the change is read.
  });
});
