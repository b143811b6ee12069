import { describe, expect, it } from "vitest";
import { FIXTURES } from "../testing/fixtures";
import { type BodySkill, buildBodyDevSet, whenToUseLines } from "./body-dev-set";
import { readCatalogLines } from "./formats";

const skill = (name: string, body: string, description = `Helps with ${name}.`): BodySkill => ({ name, description, path: `repo/${name}/SKILL.md`, body });

describe("buildBodyDevSet", () => {
  it("asks with the first prose line under a 'When to use' heading, and takes that line out of the body", () => {
    const body = [
      "# Weather",
      "Fetches forecasts.",
      "## When to Use",
      "- **User asks whether it will rain tomorrow in their city**",
      "- User wants a seven day forecast for a trip",
      "## Steps",
      "Call the API.",
    ].join("\n");
    const set = buildBodyDevSet([skill("weather", body)]);
    const cases = [...set.dev, ...set.heldOut];
    expect(cases).toEqual([{ turn: "User asks whether it will rain tomorrow in their city", expected: ["repo/weather/SKILL.md"], source: "body-when-to-use" }]);
    expect(set.catalog[0].body).not.toContain("rain tomorrow");
    expect(set.catalog[0].body).toContain("seven day forecast");
  });

  it("falls back to a 'Use this skill when' line; skips list intros, short lines, code, and lines the description already says", () => {
    const withUseWhen = skill("pdf", "# PDF\nUse this skill when the user needs to merge several PDF files into one.\n");
    const intro = skill("intro", "## When to use\nUse when the user asks for:\n- x\n");
    const short = skill("short", "## When to use\n- PDFs\n");
    const code = skill("code", "## When to use\n| a | b | c | d | e |\n```bash\nrun the thing now please ok\n```\n");
    const copied = skill(
      "copied",
      "## When to use\nThe user wants to rotate an API key safely\n",
      "Rotate secrets. The user wants to rotate an API key safely.",
    );
    const set = buildBodyDevSet([withUseWhen, intro, short, code, copied]);
    expect([...set.dev, ...set.heldOut].map((c) => c.expected[0])).toEqual(["repo/pdf/SKILL.md"]);
    expect(set.catalog.map((s) => s.body)).toEqual(["# PDF\n", intro.body, short.body, code.body, copied.body]);
  });

  it("on the shipped catalog: hundreds of cases, a stable split, and no turn left in its skill's body", () => {
    const skills = readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" }));
    const set = buildBodyDevSet(skills);
    expect(set.catalog).toHaveLength(skills.length);
    expect(set.dev.length).toBeGreaterThan(300);
    expect(set.heldOut.length).toBeGreaterThan(100);
    const byPath = new Map(set.catalog.map((s) => [s.path, s]));
    for (const c of [...set.dev, ...set.heldOut]) {
      const target = byPath.get(c.expected[0]) as BodySkill;
      expect(target.body.toLowerCase()).not.toContain(c.turn.toLowerCase());
    }
    // The split hangs on each path alone: another catalog order gives the same held-out part.
    expect(
      buildBodyDevSet([...skills].reverse())
        .heldOut.map((c) => c.expected[0])
        .sort(),
    ).toEqual(set.heldOut.map((c) => c.expected[0]).sort());
  });
});

describe("whenToUseLines", () => {
  const body = [
    "# Invoices",
    "## When to use",
    "- Sending an invoice to a client at the end of the month",
    "- Chasing a payment that is two weeks overdue",
    "- short",
    "```",
    "- Inside a fence this line never counts as a request",
    "```",
    "## Steps",
    "- Open the ledger and pick the client you want to bill",
    "Use this skill when a customer disputes an amount on their bill.",
  ].join("\n");

  it("takes every line of the section and every 'Use this skill when' line, as a user would say them", () => {
    expect(whenToUseLines("Creates invoices.", body)).toEqual([
      "Sending an invoice to a client at the end of the month",
      "Chasing a payment that is two weeks overdue",
      "Use this skill when a customer disputes an amount on their bill.",
    ]);
  });

  it("leaves out what the description already says", () => {
    expect(whenToUseLines("Chasing a payment that is two weeks overdue.", body)).not.toContain("Chasing a payment that is two weeks overdue");
  });
});
