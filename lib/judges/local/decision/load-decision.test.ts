import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../../catalog/types";
import { verifyCatalogEntry } from "../../../catalog/verifier";
import { pickSkill } from "../../../engine/pick-skill";
import { readCatalogFile } from "../../../eval/formats";
import { FIXTURES } from "../../../testing/fixtures";
import { THRESHOLDS } from "../../../vocab/limits";
import { LocalJudge } from "../local-judge";

/**
 * The failure kinds of the load decision (issue 21), each on real skills:
 * the 881 public skills with bodies, and a home of the first 80 of them
 * without bodies (anthropics, openai, obra and Hermes skills, as a user
 * might have installed). The agent loads the first skill with match ≥ 0.5.
 */
const full = readCatalogFile(FIXTURES.publicSkillBodies);
const home = readCatalogFile(FIXTURES.publicSkills).slice(0, 80);

async function reply(turn: string, catalog: readonly SkillCard[]) {
  const { reply } = await pickSkill({ turn }, { catalog, judge: new LocalJudge(), verify: verifyCatalogEntry, metaSkills: [], now: () => 0 });
  if (reply.status !== "ok") throw new Error(`failed open: ${reply.reason}`);
  return reply;
}
const loaded = async (turn: string, catalog: readonly SkillCard[]) => (await reply(turn, catalog)).skills.find((s) => s.match >= THRESHOLDS.load)?.name ?? null;

describe("the load decision", () => {
  it.each([
    ["play some relaxing music", full],
    ["translate good morning into Spanish", full],
    ["what is the address of the nearest pharmacy", full],
    ["I want to upgrade my phone plan", full],
    ["what is the address of the nearest pharmacy", home],
    ["I want to upgrade my phone plan", home],
  ] as const)("one word shared with a skill's name or description does not load it: %j", async (turn, catalog) => {
    expect(await loaded(turn, catalog)).toBeNull();
  });

  it.each([
    ["test my web app with playwright", "webapp-testing"],
    ["make a GIF for Slack", "slack-gif-creator"],
    ["build an MCP server for our API", "mcp-builder"],
  ])("a clear short turn with one obvious skill in a small home loads it: %j → %s", async (turn, expected) => {
    expect(await loaded(turn, home)).toBe(expected);
  });

  it("a turn that is mostly a pasted trace is read for its prose and its error names", async () => {
    const trace = [
      "```",
      "Traceback (most recent call last):",
      '  File "app/orders.py", line 88, in load_orders',
      "    rows = parse_rows(payload)",
      '  File "app/parse.py", line 41, in parse_rows',
      '    return [int(r["qty"]) for r in data]',
      "ValueError: invalid literal for int() with base 10: 'abc'",
      "```",
    ].join("\n");
    const withTrace = await reply(`find every variant of this bug in the codebase:\n${trace}`, full);
    expect(withTrace.needs_skill).toBeGreaterThan(0.5);
    expect(withTrace.skills[0]?.name).toBe("variant-analysis");
    expect(withTrace.skills[0].match).toBeGreaterThanOrEqual(THRESHOLDS.load);
    // The trace alone names the error: an error-handling skill ranks first, and nothing is loaded on its strength.
    const alone = await reply(trace, full);
    expect(alone.skills.every((s) => s.match < THRESHOLDS.load)).toBe(true);
  });

  it.each([
    ["write the changelog for this release", full],
    ["build an MCP server for our API", full],
    ["review my pull request for security vulnerabilities", full],
    ["create a new skill", home],
  ] as const)("unrelated skills are not printed at one number (each finalist's own match, never capped to a better one's): %j", async (turn, catalog) => {
    const listed = (await reply(turn, catalog)).skills;
    expect(listed.length).toBeGreaterThan(1);
    const printed = listed.map((s) => Math.round(s.match * 1000));
    expect(new Set(printed).size).toBe(printed.length);
    expect([...printed].sort((a, b) => b - a)).toEqual(printed);
  });

  it("copies of one skill are one choice, not rivals that make a tie", async () => {
    const csv = (path: string): SkillCard => ({
      name: "csv-cleaner",
      path,
      description: "Clean and validate CSV files: fix delimiters, encodings and broken rows.",
    });
    const turn = "clean up this CSV file, the delimiters are broken";
    const alone = (await reply(turn, [...home, csv("/a/csv-cleaner/SKILL.md")])).skills[0];
    const twice = (await reply(turn, [...home, csv("/a/csv-cleaner/SKILL.md"), csv("/b/csv-cleaner/SKILL.md")])).skills[0];
    expect(alone).toMatchObject({ name: "csv-cleaner" });
    expect(alone.match).toBeGreaterThanOrEqual(THRESHOLDS.load);
    expect(twice.match).toBeCloseTo(alone.match, 2);
  });

  it.each([
    ["Erstelle ein GIF für Slack", "German"],
    ["Crée un GIF animé pour Slack", "French"],
    ["SlackのGIFを作って", "Japanese, the product names glued to kana"],
  ])("a turn in another language that names a product or file type gets its skill: %j (%s)", async (turn) => {
    expect(await loaded(turn, home)).toBe("slack-gif-creator");
  });
});
