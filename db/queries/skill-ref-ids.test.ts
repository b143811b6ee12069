import { describe, expect, it } from "vitest";
import { SkillRefIds } from "./skill-ref-ids";

describe("skill ref ids", () => {
  it("keeps an id per (name, path) pair, and counts pairs, not writes", () => {
    const ids = new SkillRefIds();
    ids.set("pdf", "/a/pdf/SKILL.md", 1);
    ids.set("pdf", "/b/pdf/SKILL.md", 2);
    ids.set("pdf", "/a/pdf/SKILL.md", 1);
    ids.set("__proto__", "constructor", 3); // names from outside: no plain object in the way
    expect([
      ids.get("pdf", "/a/pdf/SKILL.md"),
      ids.get("pdf", "/b/pdf/SKILL.md"),
      ids.get("pdf", "/c/pdf/SKILL.md"),
      ids.get("__proto__", "constructor"),
    ]).toEqual([1, 2, undefined, 3]);
    expect(ids.get("pdf\0/a", "pdf/SKILL.md")).toBeUndefined();
    expect(ids.size).toBe(3);
    ids.clear();
    expect([ids.size, ids.get("pdf", "/a/pdf/SKILL.md")]).toEqual([0, undefined]);
  });
});
