import { describe, expect, it } from "vitest";
import { parseSkillsView, skillsHref } from "./search-params";

describe("the Skills page's view in the URL", () => {
  it("reads a page number, and falls back to the first page on anything else", () => {
    expect(parseSkillsView({ page: "3" }).page).toBe(3);
    for (const bad of ["0", "-1", "2.5", "x", ""]) expect(parseSkillsView({ page: bad }).page).toBeUndefined();
  });

  it("links keep the filters and sort with the page, and leave out the first page", () => {
    const view = parseSkillsView({ sort: "activity", q: "pdf", page: "2" });
    expect(skillsHref(view, { page: 3 })).toBe("/skills?sort=activity&q=pdf&page=3");
    expect(skillsHref(view, { page: undefined })).toBe("/skills?sort=activity&q=pdf");
  });
});
