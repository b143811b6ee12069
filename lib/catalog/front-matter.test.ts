import { describe, expect, it } from "vitest";
import { parseSkillFile } from "./front-matter";
import { BODY_CHARS, DESCRIPTION_CHARS, FULL_DESCRIPTION_CHARS } from "./types";

describe("parseSkillFile: the body", () => {
  it("keeps the text after the front matter, trimmed and cut at BODY_CHARS; none when it is empty", () => {
    const card = parseSkillFile("/s/notes/SKILL.md", "---\nname: notes\ndescription: Notes.\n---\n\n# Notes\n\n## When to use\n- the user asks for a note\n\n");
    expect(card?.body).toBe("# Notes\n\n## When to use\n- the user asks for a note");
    const long = parseSkillFile("/s/x/SKILL.md", `---\nname: x\ndescription: X.\n---\n${"w ".repeat(BODY_CHARS)}`);
    expect(long?.body).toHaveLength(BODY_CHARS);
    expect(parseSkillFile("/s/y/SKILL.md", "---\nname: y\ndescription: Y.\n---\n  \n")).not.toHaveProperty("body");
  });
});

describe("parseSkillFile: the description", () => {
  it("keeps the card's first 200 characters, and the whole (flattened, at most 1,024) when it is longer", () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join("\n  ");
    const card = parseSkillFile("/s/long/SKILL.md", `---\nname: long\ndescription: |\n  ${words}\n---\nbody`);
    expect(card?.description).toHaveLength(DESCRIPTION_CHARS);
    expect(card?.fullDescription).toHaveLength(FULL_DESCRIPTION_CHARS);
    expect(card?.fullDescription?.startsWith(card.description)).toBe(true);
    expect(card?.fullDescription).not.toContain("\n");
    expect(parseSkillFile("/s/short/SKILL.md", "---\nname: short\ndescription: Short.\n---\n")).not.toHaveProperty("fullDescription");
  });
});
