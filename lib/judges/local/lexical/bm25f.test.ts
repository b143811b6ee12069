import { describe, expect, it } from "vitest";
import { clipDescription } from "../../../catalog/front-matter";
import type { SkillCard } from "../../../catalog/types";
import { buildBodyDevSet } from "../../../eval/body-dev-set";
import { readCatalogLines } from "../../../eval/formats";
import { FIXTURES } from "../../../testing/fixtures";
import { LocalIndex } from "../local-index";
import { LOCAL_JUDGE } from "../settings";

/** BM25F's scores of each skill for a query. */
const bm25 = (skills: readonly SkillCard[], query: string, params = LOCAL_JUDGE.bm25f) => LocalIndex.from(skills, params).evidence(query).bm25;
const card = (name: string, description: string, body?: string): SkillCard => ({ name, description, path: `${name}/SKILL.md`, ...(body ? { body } : {}) });

describe("BM25F's body field", () => {
  it("finds a skill by what only its body says, and ranks a word in the name or description above the same word in a body", () => {
    const skills = [
      card("maps", "Location tools.", "Use when the user sends a Telegram location pin and wants places nearby."),
      card("notes", "Take notes about telegram exports."),
      card("other", "Unrelated things."),
    ];
    const scores = bm25(skills, "find cafes near this location pin");
    expect(scores[0]).toBeGreaterThan(0);
    expect(bm25(skills, "location pin", { ...LOCAL_JUDGE.bm25f, bodyWeight: 0 })[0]).toBeLessThan(scores[0]);
    const telegram = bm25(skills, "telegram");
    expect(telegram[1]).toBeGreaterThan(telegram[0]); // description beats body
  });

  it("a skill without a body is not scored as a short body (the average counts bodies only)", () => {
    const withBody = card("a", "alpha", "beta gamma delta epsilon");
    const skills = [withBody, card("b", "alpha"), card("c", "alpha"), card("d", "alpha")];
    const alone = bm25([withBody, card("z", "zeta")], "beta")[0];
    expect(bm25(skills, "beta")[0]).toBeCloseTo(alone, 1);
  });

  it("on the body development set's dev part, bodies rank the right skill first more often (the chosen weight)", () => {
    const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
    const cards = set.catalog.map((s) => ({ name: s.name, description: clipDescription(s.description), path: s.path, body: s.body }));
    const top1 = (index: LocalIndex) =>
      set.dev.filter((c) => {
        const { blend } = index.evidence(c.turn);
        let best = 0;
        for (let i = 1; i < blend.length; i++) if (blend[i] > blend[best]) best = i;
        return cards[best].path === c.expected[0];
      }).length / set.dev.length;
    const without = top1(LocalIndex.from(cards, { ...LOCAL_JUDGE.bm25f, bodyWeight: 0 }));
    const withBodies = top1(LocalIndex.from(cards));
    expect(LOCAL_JUDGE.bm25f.bodyWeight).toBeGreaterThan(0);
    expect(withBodies).toBeGreaterThan(without + 0.03); // measured: .595 -> .650
  });
});
