import { describe, expect, it } from "vitest";
import { descriptionProblem } from "./description-health";
import { parseSkillFile } from "./front-matter";

const card = (description: string) => parseSkillFile("/s/x/SKILL.md", `---\nname: x\ndescription: ${JSON.stringify(description)}\n---\n`)!;

describe("description health", () => {
  it("flags missing, title-only and cut-off descriptions", () => {
    expect(descriptionProblem(card(""))).toBe("missing");
    expect(descriptionProblem(card("PDF Tools"))).toBe("too_short");
    expect(descriptionProblem(card(`Extract text and tables from PDF files. ${"More detail. ".repeat(20)}`))).toBe("cut_off");
    expect(descriptionProblem(card("Extract text and tables from PDF files, fill forms, merge documents."))).toBeNull();
  });
});

describe("clipping", () => {
  it("counts and clips by code points, so astral characters are never split", () => {
    const c = card("🙂".repeat(250));
    expect(Array.from(c.description)).toHaveLength(200);
    expect(c.description.endsWith("🙂")).toBe(true);
    expect(c.descriptionChars).toBe(250);
  });
});

describe("a description that says little over a long body", () => {
  it("is pointed out only when the body is long and the description terse", () => {
    const withBody = (description: string, words: number) => ({ ...card(description), body: "word ".repeat(words) });
    expect(descriptionProblem(withBody("Merge and split PDF files quickly", 400))).toBe("thin_for_body");
    expect(descriptionProblem(withBody("Merge and split PDF files quickly", 100))).toBeNull();
    expect(descriptionProblem(withBody("Merge, split, rotate and watermark PDF files; extract text and tables from PDF documents", 400))).toBeNull();
    expect(descriptionProblem(withBody("PDF tools", 400))).toBe("too_short"); // the plainer problem first
  });
});
