import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "@/lib/rules/config";
import { parseSuppressionView, suppressionHref, whatIfRules } from "./search-params";

describe("suppression page view", () => {
  it("reads filters and a what-if from the URL; bad values fall back", () => {
    const view = parseSuppressionView({ state: "suppressed", sort: "ratio", min: "3", ratio: "x", q: ["pdf", "other"] });
    expect(view).toMatchObject({ state: "suppressed", sort: "ratio", min: 3, ratio: undefined, q: "pdf" });
    expect(parseSuppressionView({ state: "nope", sort: "worst" })).toMatchObject({ state: undefined, sort: undefined });
  });

  it("a what-if changes only what it names, and only within range", () => {
    expect(whatIfRules(parseSuppressionView({}), DEFAULT_RULES)).toBeNull();
    expect(whatIfRules(parseSuppressionView({ min: "3" }), DEFAULT_RULES)?.suppression).toMatchObject({ min_suggestions: 3, window_days: 14 });
    expect(whatIfRules(parseSuppressionView({ ratio: "7" }), DEFAULT_RULES)).toBeNull();
  });

  it("links keep the rest of the view", () => {
    expect(suppressionHref({ state: "shown", min: 3 }, { sort: "skill" })).toBe("/suppression?state=shown&min=3&sort=skill");
    expect(suppressionHref({ state: "shown" }, { state: undefined })).toBe("/suppression");
  });
});
