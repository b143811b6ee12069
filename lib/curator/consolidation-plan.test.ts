import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { buildHermesHome, idleRecord } from "../testing/hermes-home";
import { checkAnswer, type PlanFacts, planFactsOf } from "./consolidation-plan";
import { type CuratorHome, loadCuratorHome } from "./curator-home";
import type { OverlapCluster } from "./overlaps";

/** What the judge answers is checked against a real Hermes home: its pins, bundled and hub skills, external dirs. */
describe("a consolidation plan from the judge, checked", () => {
  const tmp = tempDir("jev-plan-");
  const external = path.join(tmp.dir, "team-skills");
  let facts: PlanFacts;
  const cluster = (...names: string[]): OverlapCluster => ({
    kind: "overlap",
    skills: names.map((name) => ({ name, path: `/x/${name}/SKILL.md` })),
    pairs: [],
    sharedTerms: [],
  });
  const clusters = [cluster("pdf", "pdf-merge", "pdf-split"), cluster("slides", "deck-maker", "held", "mine"), cluster("gh", "gh-hub", "team-pr")];
  const plan = (n: number, umbrella: string, absorb: string[], extra: Record<string, unknown> = {}) => ({
    cluster: n,
    umbrella: { name: umbrella, ...extra },
    absorb: absorb.map((skill) => ({ skill, as: "section" })),
    reason: "they cover one task",
  });

  beforeAll(async () => {
    const now = Date.now();
    const home = buildHermesHome(path.join(tmp.dir, "hermes"), {
      skills: { pdf: null, "pdf-merge": null, "pdf-split": null, slides: null, "deck-maker": null, held: null, mine: null, gh: null, "gh-hub": null },
      bundled: ["gh"],
      hub: { "gh-hub": "gh-hub" },
      // The skills the judge may plan with are agent-created, as Hermes's curator manages only those.
      usage: {
        ...Object.fromEntries(["pdf", "pdf-merge", "pdf-split", "slides", "deck-maker"].map((n) => [n, idleRecord(now, 3)])),
        held: idleRecord(now, 3, { pinned: true }),
        mine: { use_count: 2 },
      },
      configYaml: `skills:\n  external_dirs:\n    - ${external}\n`,
      external: { [external]: { "team-pr": null } },
    });
    const h: CuratorHome = await loadCuratorHome(home);
    facts = planFactsOf(h);
  });
  afterAll(() => tmp.cleanup());

  it("keeps a plan that absorbs siblings of its cluster into an existing or a new umbrella", () => {
    const checked = checkAnswer(
      {
        plans: [
          plan(1, "pdf", ["pdf-merge", "pdf-split"]),
          plan(2, "presentations", ["slides", "deck-maker"], { create: true, description: "Make slide decks." }),
        ],
      },
      clusters,
      facts,
    );
    expect(checked.refused).toEqual([]);
    expect(checked.plans.map((p) => [p.umbrella.name, p.umbrella.create, p.absorb.map((a) => a.skill)])).toEqual([
      ["pdf", false, ["pdf-merge", "pdf-split"]],
      ["presentations", true, ["slides", "deck-maker"]],
    ]);
  });

  it("changes nothing for an answer that is not a plan, and says why", () => {
    for (const raw of [null, "consolidate everything", { plans: [{ cluster: 1 }] }, { plans: [plan(1, "pdf", [])] }]) {
      const checked = checkAnswer(raw, clusters, facts);
      expect(checked.plans).toEqual([]);
      expect(checked.refused).toHaveLength(1);
      expect(checked.refused[0]).toMatchObject({ cluster: 0, reason: expect.stringMatching(/^the answer is not a plan: /) });
    }
  });

  it("refuses, one plan at a time, what would lose or leak something", () => {
    const cases: [unknown, RegExp][] = [
      [plan(1, "pdf", ["pdf-merge", "ghost"]), /'ghost' does not exist/],
      [plan(1, "pdf", ["pdf"]), /'pdf' cannot absorb itself/],
      [plan(1, "pdf", ["slides"]), /'slides' is not in cluster 1/],
      [plan(2, "slides", ["held"]), /'held' is pinned: it is never absorbed/],
      [plan(2, "slides", ["mine"]), /'mine' is not the curator's to change \(no agent-created record.*\): it is never absorbed/],
      [plan(2, "mine", ["slides"]), /'mine' is not the curator's to change .*: it cannot be the umbrella/],
      [plan(3, "gh-hub", ["gh"]), /'gh-hub' is hub-installed: it cannot be the umbrella/],
      [plan(3, "gh", ["gh-hub"]), /'gh' is bundled with Hermes: it cannot be the umbrella/],
      [plan(3, "github", ["team-pr"], { create: true, description: "x" }), /'team-pr' lives in skills.external_dirs/],
      [plan(1, "pdf", ["pdf-merge"], { create: true, description: "x" }), /the new umbrella 'pdf' already exists/],
      [plan(2, "decks", ["slides"], { create: true }), /needs a description/],
      [plan(9, "pdf", ["pdf-merge"]), /cluster 9 was not in the request/],
      [plan(1, "nope", ["pdf-merge"]), /the umbrella 'nope' does not exist/],
    ];
    for (const [p, reason] of cases) {
      const checked = checkAnswer({ plans: [p] }, clusters, facts);
      expect(checked.plans, String(reason)).toEqual([]);
      expect(checked.refused[0].reason).toMatch(reason);
    }
  });

  it("refuses names that would lead out of the home before anything else is read", () => {
    for (const name of ["../../etc", "a/b", "..hidden", ""]) {
      const checked = checkAnswer({ plans: [plan(1, "pdf", [name])] }, clusters, facts);
      expect(checked.refused[0].reason, name).toMatch(/^the answer is not a plan: plans\.0\.absorb\.0\.skill: /);
    }
  });

  it("takes plans in order: a skill absorbed twice, or an umbrella absorbed by a later plan, is refused there", () => {
    const checked = checkAnswer(
      { plans: [plan(1, "pdf", ["pdf-merge"]), plan(1, "pdf-split", ["pdf-merge"]), plan(1, "pdf-split", ["pdf"])] },
      clusters,
      facts,
    );
    expect(checked.plans.map((p) => p.umbrella.name)).toEqual(["pdf"]);
    expect(checked.refused.map((r) => r.reason)).toEqual(["'pdf-merge' is absorbed twice", "'pdf' is the umbrella of another plan"]);
  });
});
