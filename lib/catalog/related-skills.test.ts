import { describe, expect, it } from "vitest";
import { parseSkillFile } from "./front-matter";
import { MAX_RELATED, relatedSkillsOf } from "./related-skills";

const fileWith = (frontMatter: string) => parseSkillFile("/s/blender/SKILL.md", `---\nname: blender\ndescription: Blender work.\n${frontMatter}---\nBody.\n`);

describe("related skills in the front matter (Hermes's related_skills)", () => {
  it("reads metadata.hermes.related_skills as a flow list, a block list, a bracketed string or a comma string", () => {
    expect(fileWith("metadata:\n  hermes:\n    related_skills: [blender-nodes, blender-render]\n")?.related).toEqual(["blender-nodes", "blender-render"]);
    expect(fileWith("metadata:\n  hermes:\n    related_skills:\n    - blender-nodes\n    - blender-render\n")?.related).toEqual([
      "blender-nodes",
      "blender-render",
    ]);
    expect(fileWith('metadata:\n  hermes:\n    related_skills: "[blender-nodes, blender-render]"\n')?.related).toEqual(["blender-nodes", "blender-render"]);
    expect(fileWith("metadata:\n  hermes:\n    related_skills: blender-nodes, blender-render\n")?.related).toEqual(["blender-nodes", "blender-render"]);
  });

  it("falls back to a top-level related_skills, and the metadata wins when both are there", () => {
    expect(fileWith("related_skills: [a, b]\n")?.related).toEqual(["a", "b"]);
    expect(fileWith("related_skills: [a]\nmetadata:\n  hermes:\n    related_skills: [b]\n")?.related).toEqual(["b"]);
  });

  it("drops empty names, repeats and non-strings, keeps the order, and caps the list", () => {
    expect(relatedSkillsOf({ related_skills: ["b", " a ", "", "b", 7, null, "c"] })).toEqual(["b", "a", "c"]);
    expect(relatedSkillsOf({ related_skills: "[ 'x' , \"y\", ]" })).toEqual(["x", "y"]);
    expect(relatedSkillsOf({ related_skills: Array.from({ length: 50 }, (_, i) => `s${i}`) })).toHaveLength(MAX_RELATED);
  });

  it("is absent when there are none, or the field is not a list or a string", () => {
    expect(fileWith("")).not.toHaveProperty("related");
    expect(fileWith("related_skills: []\n")).not.toHaveProperty("related");
    expect(fileWith("metadata:\n  hermes:\n    related_skills: {a: 1}\n")).not.toHaveProperty("related");
    expect(relatedSkillsOf({ metadata: "text", related_skills: 3 })).toEqual([]);
  });
});
