import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import * as bm25f from "../judges/local/bm25f";
import { tempDir, testConfig, writeSkill } from "../testing/factories";
import { pickSkillService } from "./pick-skill";
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
    const { reply } = await pickSkillService({ turn: "join these two PDFs into one" }, { channel: "api", config });
    expect(reply.status === "ok" && reply.skills[0]?.name).toBe("pdf-tools");
    expect(bm25f.cardsTokenized).toBe(before);
  });
});
