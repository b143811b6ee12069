import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../catalog/types";
import { pickSkill } from "../../engine/pick-skill";
import { verifyCatalogEntry } from "../../engine/verify";
import { readCatalogFile } from "../../eval/formats";
import { FIXTURES } from "../../testing/fixtures";
import { JudgeError } from "../types";
import * as bm25f from "./bm25f";
import { LocalJudge } from "./local-judge";

/** The 881 real skills with their bodies: 5.5 MB of text, a build too big for a turn. */
const bigCatalog = () => readCatalogFile(FIXTURES.publicSkillBodies);
const ask = (judge: LocalJudge, skills: readonly SkillCard[], turn = "create a note in Apple Notes") =>
  judge.stageOne({ turn, catalog: { skills }, batch: skills.map((_, i) => i) });
const best = (skills: readonly SkillCard[], scores: readonly number[]) => skills[scores.indexOf(Math.max(...scores))].name;

describe("local index builds", () => {
  it("in the CLI's mode, the first turn builds the index and answers", async () => {
    const skills = bigCatalog();
    expect(best(skills, (await ask(new LocalJudge("wait"), skills)).scores)).toBe("apple-notes");
  });

  it("in the server's mode, a big first build runs in the background: the turn fails open with index_building, then is answered", async () => {
    const judge = new LocalJudge("background");
    const skills = bigCatalog();
    await expect(ask(judge, skills)).rejects.toEqual(new JudgeError("index_building"));
    await judge.prepare(skills);
    expect(best(skills, (await ask(judge, skills)).scores)).toBe("apple-notes");
    const decision = await pickSkill(
      { turn: "create a note in Apple Notes" },
      { catalog: bigCatalog(), judge: new LocalJudge("background"), verify: verifyCatalogEntry, metaSkills: [], now: () => 0 },
    );
    expect(decision.reply).toMatchObject({ status: "fail_open", reason: "index_building" });
  });

  it("a changed catalog is answered from the previous index while its own builds, and only the changed skill is tokenized again", async () => {
    const judge = new LocalJudge("background");
    const skills = bigCatalog();
    await judge.prepare(skills);
    const at = skills.findIndex((s) => s.name === "apple-notes");
    const changed = [...skills];
    changed[at] = { ...skills[at], body: `${skills[at].body}\nAlso exports notes to Markdown.` };
    changed.push({ name: "brand-new", description: "Something new.", path: "new/SKILL.md" });
    const before = bm25f.cardsTokenized;
    const stale = await ask(judge, changed);
    expect(best(changed, stale.scores)).toBe("apple-notes"); // from the previous index, remapped to this catalog
    expect((await ask(judge, changed, "something new")).scores.at(-1)).toBe(0); // the new skill is not in it yet
    await judge.prepare(changed);
    expect(bm25f.cardsTokenized - before).toBe(2); // the changed card and the new one
    const fresh = await ask(judge, changed, "something new");
    expect(best(changed, fresh.scores)).toBe("brand-new");
  });

  it("a small catalog is built in the turn even in the server's mode", async () => {
    const judge = new LocalJudge("background");
    const skills = readCatalogFile(FIXTURES.metatoolCatalog);
    expect((await ask(judge, skills, "what is the weather in Paris")).scores.some((s) => s > 0)).toBe(true);
  });
});
