import { describe, expect, it } from "vitest";
import { FIXTURES } from "../testing/fixtures";
import { readCatalogFile } from "./formats";
import { readTriggerCases, triggerEvalCases, triggerHalves } from "./trigger-cases";

describe("trigger cases", () => {
  const cases = readTriggerCases(FIXTURES.triggerCases);

  it("name skills the shipped trigger catalog holds, each with prompts on both sides of the line", () => {
    const paths = new Set(readCatalogFile(FIXTURES.triggerSkills).map((s) => s.path));
    for (const c of cases) expect(paths).toContain(c.skill);
    for (const path of paths) {
      const own = cases.filter((c) => c.skill === path);
      expect(own.some((c) => c.should_trigger)).toBe(true);
      expect(own.some((c) => !c.should_trigger)).toBe(true);
    }
  });

  it("are halved by skill: no skill has prompts on both sides, so a check never asks about a fitted skill", () => {
    const { fit, check } = triggerHalves(cases);
    const fitSkills = new Set(fit.map((c) => c.skill));
    expect(fitSkills.size).toBeGreaterThan(0);
    expect(check.length).toBeGreaterThan(0);
    for (const c of check) expect(fitSkills.has(c.skill)).toBe(false);
  });

  it("read a near miss as expecting the skills that claim it, and none when none does", () => {
    const all = [
      { turn: "tidy the docs' history notes", skill: "a/metadiscourse/SKILL.md", should_trigger: true },
      { turn: "tidy the docs' history notes", skill: "a/slop-audit/SKILL.md", should_trigger: false },
      { turn: "write a haiku", skill: "a/slop-audit/SKILL.md", should_trigger: false },
    ];
    const evalCases = triggerEvalCases(all.slice(1), all, { nearMisses: true });
    expect(evalCases.map((c) => c.expected)).toEqual([["a/metadiscourse/SKILL.md"], []]);
    expect(triggerEvalCases(all.slice(1), all, { nearMisses: false })).toEqual([]);
  });
});
