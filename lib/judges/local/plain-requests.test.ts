import { describe, expect, it } from "vitest";
import { verifyCatalogEntry } from "../../catalog/verifier";
import { pickSkill } from "../../engine/pick-skill";
import { plainHome } from "../../testing/plain-home";
import { terms } from "../../text/analyze";
import { LocalJudge } from "./local-judge";

/**
 * Plain requests in a home of 60 real public skills (lib/testing/plain-home.ts),
 * one test per way the ranker failed them (issue: "Obvious requests load their
 * skill"). Each failed before the change it names.
 */
const home = plainHome();
const deps = { catalog: home, judge: new LocalJudge(), verify: verifyCatalogEntry, metaSkills: ["using-superpowers"], now: () => 0 };
const ranked = async (turn: string) => (await pickSkill({ turn }, deps)).ranking.map((p) => home.find((s) => s.path === p)?.name);
const reply = async (turn: string) => (await pickSkill({ turn }, deps)).reply;

describe("plain requests in a home of real skills", () => {
  it("a description that names the thing outranks a long body's common words (the name-and-description score in the blend)", async () => {
    // Before: gif-search and finishing-a-development-branch, on "create", "result", "present" in their bodies alone.
    expect((await ranked("create a powerpoint presentation about our Q3 results"))[0]).toBe("pptx");
  });

  it("context words that no description holds do not push a named skill down", async () => {
    // A guard, not a fix: xlsx was first here before too (the home had xlsx's real body, which we may not ship).
    const names = await ranked("make an excel spreadsheet with a pivot table of sales by region");
    expect(names[0]).toBe("xlsx");
  });

  it("a lower-case plural of a vowelless word is the word ('pdfs' is pdf)", async () => {
    expect(terms("merge these two pdfs, csvs and urls")).toEqual(["merg", "two", "pdf", "csv", "url"]);
    // Before: finishing-a-development-branch, on "merge" eighteen times in its body; pdf fourth.
    const r = await reply("merge these two pdfs");
    expect(r.status === "ok" && r.skills[0]?.name).toBe("pdf");
    expect(r.status === "ok" && r.skills[0].match).toBeGreaterThanOrEqual(0.5);
  });

  it("a lone digit is no term: 'Q3' and 'step 3' do not match every numbered list", () => {
    expect(terms("our Q3 results, step 3 of 10")).toEqual(["q", "result", "step", "10"]);
  });

  it("a plain request that names a skill's job loads it, or lists it first, and two named file types rank first", async () => {
    for (const [turn, skill] of [
      ["fill in the fields of this PDF form", "pdf"],
      ["open a pull request for this branch", "github-pr-workflow"],
    ] as const) {
      const r = await reply(turn);
      expect(r.status === "ok" && r.skills[0]?.name, turn).toBe(skill);
      expect(r.status === "ok" && r.skills[0].match, turn).toBeGreaterThanOrEqual(0.5);
    }
    // "spreadsheet" is the one word xlsx's description shares with it: a shortlist's first entry, not a load.
    const xlsx = await reply("make an excel spreadsheet");
    expect(xlsx.status === "ok" && xlsx.skills[0]?.name).toBe("xlsx");
    // Ranked right; its needs_skill is under the offer lines and so is docx's match, so the reply lists nothing yet (see the closing note).
    expect((await ranked("convert this docx to pdf")).slice(0, 2)).toEqual(["docx", "pdf"]);
  });

  it("chit-chat and a general question list nothing", async () => {
    for (const turn of ["how are you doing today", "what's the capital of france"]) {
      const r = await reply(turn);
      expect(r.status === "ok" ? r.skills : [], turn).toEqual([]);
    }
  });
});
