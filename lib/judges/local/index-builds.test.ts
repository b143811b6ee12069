import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../catalog/types";
import { verifyCatalogEntry } from "../../catalog/verifier";
import { pickSkill } from "../../engine/pick-skill";
import { readCatalogFile } from "../../eval/formats";
import { FIXTURES } from "../../testing/fixtures";
import { JudgeError } from "../types";
import * as bm25f from "./lexical/bm25f";
import { LocalJudge } from "./local-judge";

/** The 881 real skills with their bodies: 5.5 MB of text, a build too big for a turn. */
const bigCatalog = () => readCatalogFile(FIXTURES.publicSkillBodies);
/** The judge's stage-1 scores of every skill, as an array. */
const ask = async (judge: LocalJudge, skills: readonly SkillCard[], turn = "create a note in Apple Notes") =>
  Array.from((await judge.stageOne({ turn, catalog: { skills }, batch: skills.map((_, i) => i) })).scores);
/** A number in consonants, so a tag stays one word and no stemmer trims it. */
const letters = (i: number) => Array.from(String(i), (d) => "bcdfgjkmpq"[Number(d)]).join("");
const best = (skills: readonly SkillCard[], scores: readonly number[]) => skills[scores.indexOf(Math.max(...scores))].name;

describe("local index builds", () => {
  it("in the CLI's mode, the first turn builds the index and answers", async () => {
    const skills = bigCatalog();
    expect(best(skills, await ask(new LocalJudge("wait"), skills))).toBe("apple-notes");
  });

  it("in the server's mode, a first build runs in the background: past the turn's wait the turn fails open with index_building, then is answered", async () => {
    const judge = new LocalJudge("background", 0);
    const skills = bigCatalog();
    await expect(ask(judge, skills)).rejects.toEqual(new JudgeError("index_building"));
    await judge.prepare(skills);
    expect(best(skills, await ask(judge, skills))).toBe("apple-notes");
    const decision = await pickSkill(
      { turn: "create a note in Apple Notes" },
      { catalog: bigCatalog(), judge: new LocalJudge("background", 0), verify: verifyCatalogEntry, metaSkills: [], now: () => 0 },
    );
    expect(decision.reply).toMatchObject({ status: "fail_open", reason: "index_building" });
  });

  it("a catalog that grows past what the last index knows (Hermes seeding 74 bundled skills before the first turn): the turn waits for the build and says so", async () => {
    const withBodies = bigCatalog().filter((s) => (s.body?.length ?? 0) > 6_000);
    const judge = new LocalJudge("background");
    await judge.prepare(withBodies.slice(0, 30));
    const grown = [...withBodies.slice(0, 104), { name: "pdf-tools", description: "Merge, split and fill PDF files.", path: "new/pdf-tools/SKILL.md" }];
    const decision = await pickSkill(
      { turn: "merge these two PDF files into one" },
      { catalog: grown, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() },
    );
    expect(decision.reply).toMatchObject({ status: "ok", skills: [{ name: "pdf-tools" }] });
    expect(decision.notes).toEqual([expect.stringMatching(/^waited \d+ ms for the local index of this catalog \(105 skills\)$/)]);
  });

  it("a changed, an added and a removed skill go in at once, only the new cards tokenized, with exactly the scores of a fresh build", async () => {
    const judge = new LocalJudge("background");
    const skills = bigCatalog();
    await judge.prepare(skills);
    const at = skills.findIndex((s) => s.name === "apple-notes");
    const changed = [...skills];
    changed[at] = { ...skills[at], body: `${skills[at].body}\nAlso exports notes to Markdown.` };
    changed.push({ name: "brand-new", description: "Something new.", path: "new/SKILL.md" });
    changed.splice(at === 5 ? 6 : 5, 1); // and one removed: its slot is reused
    const before = bm25f.cardsTokenized;
    expect(best(changed, await ask(judge, changed, "something new"))).toBe("brand-new");
    expect(bm25f.cardsTokenized - before).toBe(2); // the changed card and the new one
    const updated = await ask(judge, changed, "export my apple notes to markdown");
    const fresh = await ask(
      new LocalJudge("wait"),
      changed.map((c) => ({ ...c })),
      "export my apple notes to markdown",
    );
    expect(updated).toEqual(fresh);
  });

  it("a big change is answered from the previous index while the new cards are tokenized in the background", async () => {
    const judge = new LocalJudge("background");
    const skills = bigCatalog();
    await judge.prepare(skills);
    const added = bigCatalog()
      .slice(0, 150)
      .map((c, i) => ({ ...c, name: `copy-${i}`, path: `copies/${i}/SKILL.md`, description: `${c.description} Tagged quasarfold${letters(i)}.` }));
    const grown = [...skills, ...added];
    const stale = await ask(judge, grown);
    expect(best(grown, stale)).toBe("apple-notes"); // from the previous index, remapped to this catalog
    const answer = await judge.stageOne({ turn: "create a note", catalog: { skills: grown }, batch: [0] });
    expect(answer.note).toBe(`answered from the previous local index (${skills.length} of ${grown.length} skills); the new one is building`);
    expect(stale.slice(skills.length).every((s) => s === 0)).toBe(true); // the new skills are not in it yet
    await judge.prepare(grown);
    const fresh = await ask(judge, grown, `quasarfold${letters(7)}`);
    expect(best(grown, fresh)).toBe("copy-7");
  });

  it("a small catalog is built in the turn even in the server's mode", async () => {
    const judge = new LocalJudge("background");
    const skills = readCatalogFile(FIXTURES.metatoolCatalog);
    expect((await ask(judge, skills, "what is the weather in Paris")).some((s) => s > 0)).toBe(true);
  });
});
