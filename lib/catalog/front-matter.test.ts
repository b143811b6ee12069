import { describe, expect, it } from "vitest";
import { parseSkillFile } from "./front-matter";
import { BODY_CHARS } from "./types";

describe("parseSkillFile: the body", () => {
  it("keeps the text after the front matter, trimmed and cut at BODY_CHARS; none when it is empty", () => {
    const card = parseSkillFile("/s/notes/SKILL.md", "---\nname: notes\ndescription: Notes.\n---\n\n# Notes\n\n## When to use\n- the user asks for a note\n\n");
    expect(card?.body).toBe("# Notes\n\n## When to use\n- the user asks for a note");
    const long = parseSkillFile("/s/x/SKILL.md", `---\nname: x\ndescription: X.\n---\n${"w ".repeat(BODY_CHARS)}`);
    expect(long?.body).toHaveLength(BODY_CHARS);
    expect(parseSkillFile("/s/y/SKILL.md", "---\nname: y\ndescription: Y.\n---\n  \n")).not.toHaveProperty("body");
  });
});
