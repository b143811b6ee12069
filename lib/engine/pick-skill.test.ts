import { describe, expect, it } from "vitest";
import { isPending } from "../base/maybe-promise";
import type { SkillCard } from "../catalog/types";
import { verifyCatalogEntry } from "../catalog/verifier";
import { turnContext } from "../judges/turn-asking";
import { JudgeError } from "../judges/types";
import { type PickDeps, pickSkill } from "./pick-skill";
import { serializeReply } from "./reply";
import { runStageOne, runStageTwo } from "./stages";
import { ScriptedJudge } from "./test-judge";

const card = (name: string): SkillCard => ({ name, description: `does ${name}`, path: `/skills/${name}/SKILL.md` });
const catalogOf = (n: number) => Array.from({ length: n }, (_, i) => card(`skill-${i}`));

function deps(judge: ScriptedJudge, catalog: SkillCard[], extra: Partial<PickDeps> = {}): PickDeps {
  return { catalog, judge, verify: verifyCatalogEntry, metaSkills: ["using-superpowers"], now: () => 0, ...extra };
}

describe("stage 1 batching (selection spec §4)", () => {
  it.each([
    [377, 4],
    [960, 8],
    [120, 1],
    [121, 2],
  ])("%i skills → %i concurrent requests of at most 120", async (n, expected) => {
    const judge = new ScriptedJudge({ delayMs: 5 });
    const { record } = await pickSkill({ turn: "convert this spreadsheet" }, deps(judge, catalogOf(n)));
    expect(judge.stageOneCalls).toHaveLength(expected);
    expect(judge.maxInFlight).toBe(expected);
    expect(Math.max(...judge.stageOneCalls.map((c) => c.batch.length))).toBeLessThanOrEqual(120);
    expect(new Set(judge.stageOneCalls.flatMap((c) => c.batch)).size).toBe(n);
    expect(record.requests).toBe(expected); // nothing fits: stage 1 only
  });

  it("ends after stage 1 when nothing fits, with the documented reply", async () => {
    const judge = new ScriptedJudge({ scores: { "skill-3": 0.01 } });
    const { reply, record } = await pickSkill({ turn: "what is the capital of France" }, deps(judge, catalogOf(10)));
    expect(judge.stageTwoCalls).toHaveLength(0);
    expect(serializeReply(reply)).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0}');
    expect(record.outcome).toBe("nothing_fits");
  });

  it("fails open when any batch fails, keeping no exception text", async () => {
    const judge = new ScriptedJudge({ failBatch: 2, scores: { "skill-0": 0.9 } });
    const { reply, record } = await pickSkill({ turn: "make a chart" }, deps(judge, catalogOf(500)));
    expect(serializeReply(reply)).toBe('{"status":"fail_open","reason":"stage_one_incomplete","skills":[]}');
    expect(record.reasonCode).toBe("stage_one_incomplete");
    expect(JSON.stringify(record)).not.toContain("secret");
    expect(judge.stageTwoCalls).toHaveLength(0);
  });
});

describe("a judge that answers at once (in process)", () => {
  const scores = Object.fromEntries(catalogOf(300).map((s, i) => [s.name, (i % 37) / 40]));
  const matches = { "skill-36": 0.7, "skill-73": 0.55, "skill-110": 0.2 };

  it("gets the same decision as one that answers later, in the caller's turn", async () => {
    const later = await pickSkill({ turn: "plot the data" }, deps(new ScriptedJudge({ scores, matches }), catalogOf(300)));
    const atOnce = new ScriptedJudge({ scores, matches, atOnce: true });
    const decision = await pickSkill({ turn: "plot the data" }, deps(atOnce, catalogOf(300)));
    expect(decision).toEqual(later);
    expect(decision.record.outcome).toBe("suggested");
    expect(atOnce.stageOneCalls).toHaveLength(3);
    expect(atOnce.stageTwoCalls).toHaveLength(1);
    const asking = turnContext(atOnce);
    const one = runStageOne(atOnce, "plot the data", { skills: catalogOf(300) }, asking);
    expect(isPending(one)).toBe(false);
    expect(isPending(runStageTwo(atOnce, "plot the data", { skills: catalogOf(300) }, [36, 73], asking))).toBe(false);
  });

  it("a batch that throws fails the turn open like one that rejects, keeping no exception text", async () => {
    const judge = new ScriptedJudge({ failBatch: 1, scores, atOnce: true });
    const { reply, record } = await pickSkill({ turn: "make a chart" }, deps(judge, catalogOf(300)));
    expect(serializeReply(reply)).toBe('{"status":"fail_open","reason":"stage_one_incomplete","skills":[]}');
    expect(JSON.stringify(record)).not.toContain("secret");
    expect(judge.stageOneCalls).toHaveLength(3); // every batch was asked, as with a remote judge
    expect(judge.stageTwoCalls).toHaveLength(0);
  });

  it("a stage 2 that throws fails open with its bounded reason", async () => {
    const judge = new ScriptedJudge({ scores, failStageTwo: new JudgeError("invalid_response"), atOnce: true });
    const { reply } = await pickSkill({ turn: "plot the data" }, deps(judge, catalogOf(300)));
    expect(serializeReply(reply)).toBe('{"status":"fail_open","reason":"invalid_response","skills":[]}');
  });
});

describe("stage 2", () => {
  it("reads the top 5 and returns at most three, best match first", async () => {
    const scores = Object.fromEntries(catalogOf(8).map((s, i) => [s.name, 0.1 * (i + 1)]));
    const judge = new ScriptedJudge({ scores, matches: { "skill-7": 0.6, "skill-6": 0.9, "skill-5": 0.4, "skill-4": 0.3, "skill-3": 0.2 } });
    const { reply, record } = await pickSkill({ turn: "plot the data" }, deps(judge, catalogOf(8)));
    expect(judge.stageTwoCalls[0].finalists.map((i) => `skill-${i}`)).toEqual(["skill-7", "skill-6", "skill-5", "skill-4", "skill-3"]);
    expect(reply.skills.map((s) => s.name)).toEqual(["skill-6", "skill-7", "skill-5"]);
    expect(record.requests).toBe(2);
    expect(record.outcome).toBe("suggested");
  });

  it("may reject every finalist", async () => {
    const judge = new ScriptedJudge({ scores: { "skill-1": 0.5 }, matches: { "skill-1": 0.02 }, needsSkill: 0.04 });
    const { reply, record } = await pickSkill({ turn: "tell me a joke" }, deps(judge, catalogOf(3)));
    expect(reply).toMatchObject({ status: "ok", skills: [], needs_skill: 0.04 });
    expect(record.outcome).toBe("rejected");
  });

  it("fails open with the judge's bounded reason when stage 2 fails", async () => {
    const judge = new ScriptedJudge({ scores: { "skill-1": 0.5 }, failStageTwo: new JudgeError("rate_limited") });
    const { reply } = await pickSkill({ turn: "deploy it to prod" }, deps(judge, catalogOf(3)));
    expect(reply).toEqual({ status: "fail_open", reason: "rate_limited", skills: [] });
    const other = new ScriptedJudge({ scores: { "skill-1": 0.5 }, failStageTwo: new Error("boom with turn text") });
    expect((await pickSkill({ turn: "deploy it to prod" }, deps(other, catalogOf(3)))).reply).toEqual({ status: "fail_open", reason: "other", skills: [] });
  });
});

describe("catalog rules", () => {
  it("a capped (remote) judge gets 960 skills, reports skills_dropped and hands the dropped names over", async () => {
    const dropped: string[][] = [];
    const judge = new ScriptedJudge({ maxSkills: 960 });
    const { reply, record } = await pickSkill({ turn: "lint the repo" }, deps(judge, catalogOf(1000), { onDropped: (n) => dropped.push([...n]) }));
    expect(judge.stageOneCalls).toHaveLength(8);
    expect(reply.skills_dropped).toBe(40);
    expect(record.skillsDropped).toBe(40);
    expect(dropped[0]).toHaveLength(40);
    expect(dropped[0][0]).toBe("skill-960");
    expect(serializeReply(reply)).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skills_dropped":40}');
  });

  it("a judge without a cap (the local judge) ranks every skill", async () => {
    const judge = new ScriptedJudge({ scores: { "skill-999": 0.9 }, matches: { "skill-999": 0.9 } });
    const { reply } = await pickSkill({ turn: "lint the repo" }, deps(judge, catalogOf(1000)));
    expect(judge.stageOneCalls).toHaveLength(9);
    expect(reply.skills_dropped).toBeUndefined();
    expect(reply.skills[0].name).toBe("skill-999");
  });

  it("removes meta skills before ranking", async () => {
    const judge = new ScriptedJudge({ scores: { "using-superpowers": 1 } });
    await pickSkill({ turn: "which skill should I use" }, deps(judge, [card("using-superpowers"), card("pdf")]));
    expect(judge.stageOneCalls[0].catalog.skills.map((s) => s.name)).toEqual(["pdf"]);
  });

  it("fails open with no_skills on an empty catalog", async () => {
    const { reply } = await pickSkill({ turn: "make a pdf" }, deps(new ScriptedJudge(), []));
    expect(serializeReply(reply)).toBe('{"status":"fail_open","reason":"no_skills","skills":[]}');
  });
});

describe("gate and privacy run before any judge call", () => {
  it("answers trivial turns locally", async () => {
    const judge = new ScriptedJudge();
    const { reply } = await pickSkill({ turn: "thanks, that worked" }, deps(judge, catalogOf(3)));
    expect(serializeReply(reply)).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}');
    expect(judge.stageOneCalls).toHaveLength(0);
  });

  it("never sends a turn that looks secret", async () => {
    const judge = new ScriptedJudge();
    const { reply, record } = await pickSkill({ turn: "deploy with postgres://root:hunter22@db:5432/app" }, deps(judge, catalogOf(3)));
    expect(reply).toEqual({ status: "fail_open", reason: "sensitive_turn", skills: [] });
    expect(record.reasonCode).toBe("sensitive_turn");
    expect(judge.stageOneCalls).toHaveLength(0);
  });

  it("sends only the redacted turn", async () => {
    const judge = new ScriptedJudge();
    await pickSkill({ turn: "email the report to jane@example.com" }, deps(judge, catalogOf(3)));
    expect(judge.stageOneCalls[0].turn).toBe("email the report to [EMAIL]");
  });
});

describe("verification (selection spec §5)", () => {
  const scored = { scores: { a: 0.9, b: 0.8, c: 0.7 }, matches: { a: 0.9, b: 0.8, c: 0.7 } };
  it("verifies each finalist once a turn, though the rules and the checks both ask", async () => {
    const scores = Object.fromEntries(catalogOf(8).map((s, i) => [s.name, 0.1 * (i + 1)]));
    const judge = new ScriptedJudge({ scores, matches: { "skill-7": 0.6, "skill-6": 0.9, "skill-5": 0.4 } });
    const asked: string[] = [];
    const verify = (s: SkillCard) => {
      asked.push(s.name);
      return s.name;
    };
    const rules = async () => () => ({ verdict: "show" as const });
    const { reply } = await pickSkill({ turn: "plot the data", rules }, deps(judge, catalogOf(8), { verify }));
    expect(reply.skills.map((s) => s.name)).toEqual(["skill-6", "skill-7", "skill-5"]);
    expect(asked.sort()).toEqual(["skill-5", "skill-6", "skill-7"]);
  });

  it("drops skills the loader cannot open and returns the loader's name", async () => {
    const verify = (c: SkillCard) => (c.name === "a" ? null : c.name.toUpperCase());
    const { reply, record } = await pickSkill({ turn: "do the thing" }, deps(new ScriptedJudge(scored), [card("a"), card("b"), card("c")], { verify }));
    expect(reply.skills.map((s) => s.name)).toEqual(["B", "C"]);
    expect(record.candidates.map((c) => [c.name, c.verdict])).toEqual([
      ["a", "failed_verification"],
      ["B", "suggested"],
      ["C", "runner_up"],
    ]);
  });
  it("never returns a name outside `loadable`", async () => {
    const { reply, record } = await pickSkill({ turn: "do the thing", loadable: ["c"] }, deps(new ScriptedJudge(scored), [card("a"), card("b"), card("c")]));
    expect(reply.skills.map((s) => s.name)).toEqual(["c"]);
    expect(record.candidates.map((c) => c.verdict)).toEqual(["not_loadable", "not_loadable", "suggested"]);
  });

  it("a suppressed best candidate with nothing else to load: outcome suppressed, not rejected", async () => {
    const rules = (name: string) =>
      name === "a" ? ({ verdict: "suppressed", suggestions: 5, loads: 0, retryAt: 0 } as const) : ({ verdict: "show" } as const);
    const judge = new ScriptedJudge({ scores: { a: 0.9, b: 0.5 }, matches: { a: 0.9, b: 0.3 } });
    const { reply, record } = await pickSkill({ turn: "do the thing", rules: async () => rules }, deps(judge, [card("a"), card("b")]));
    expect(reply.skills.map((s) => s.name)).toEqual(["b"]);
    expect(record.outcome).toBe("suppressed");
    expect(record.suggested).toBeNull();
  });
  it("never returns a skill a rule removed, and says which rule", async () => {
    const rules = (name: string) =>
      name === "a"
        ? ({ verdict: "already_loaded" } as const)
        : name === "b"
          ? ({ verdict: "suppressed", suggestions: 6, loads: 0, retryAt: 0 } as const)
          : ({ verdict: "show" } as const);
    const { reply, record } = await pickSkill(
      { turn: "do the thing", rules: async () => rules },
      deps(new ScriptedJudge(scored), [card("a"), card("b"), card("c")]),
    );
    expect(reply.skills.map((s) => s.name)).toEqual(["c"]);
    expect(record.candidates.map((c) => [c.name, c.verdict])).toEqual([
      ["a", "already_loaded"],
      ["b", "suppressed"],
      ["c", "suggested"],
    ]);
    expect(record.candidates[1].detail).toEqual({ suggestions: 6, loads: 0, retry_at: "1970-01-01T00:00:00.000Z" });
    expect(record.outcome).toBe("suggested");
    const allRemoved = await pickSkill(
      { turn: "do the thing", rules: async () => (n: string) => (n === "c" ? { verdict: "show" } : rules(n)), loadable: ["a", "b"] },
      deps(new ScriptedJudge(scored), [card("a"), card("b"), card("c")]),
    );
    expect(allRemoved.record.outcome).toBe("already_loaded"); // the best candidate's rule names the outcome, never "rejected"
  });
});

describe("every candidate gets a verdict", () => {
  it("suggested, runner-up, below threshold, rejected by stage 2, not a finalist", async () => {
    const scores = Object.fromEntries(catalogOf(8).map((c, i) => [c.name, 0.9 - i * 0.1]));
    const matches = { "skill-0": 0.8, "skill-1": 0.6, "skill-2": 0.3, "skill-3": 0.03, "skill-4": 0.2 };
    const { record } = await pickSkill({ turn: "plot the data" }, deps(new ScriptedJudge({ scores, matches }), catalogOf(8)));
    expect(record.candidates.map((c) => [c.name, c.verdict])).toEqual([
      ["skill-0", "suggested"],
      ["skill-1", "runner_up"],
      ["skill-2", "below_threshold"],
      ["skill-4", "below_threshold"], // fourth by match: past the three a reply lists
      ["skill-3", "rejected_by_stage_two"],
      ["skill-5", "not_finalist"],
      ["skill-6", "not_finalist"],
      ["skill-7", "not_finalist"],
    ]);
    expect(record.candidates[0]).toMatchObject({ path: "/skills/skill-0/SKILL.md", score: 0.9, match: 0.8 });
    expect(record.candidates[5]).toMatchObject({ match: null });
    expect(record.suggested).toEqual({ name: "skill-0", path: "/skills/skill-0/SKILL.md", match: 0.8 });
    expect(record.stageOneMs).not.toBeNull();
  });

  it("listed skills all under 0.5 on a turn that needs a skill: a shortlist, outcome below_threshold, nothing suggested", async () => {
    const { reply, record } = await pickSkill(
      { turn: "plot the data" },
      deps(new ScriptedJudge({ scores: { "skill-1": 0.5 }, matches: { "skill-1": 0.3 }, needsSkill: 0.8 }), catalogOf(3)),
    );
    expect(reply.skills.map((s) => s.name)).toEqual(["skill-1"]);
    expect(record).toMatchObject({ outcome: "below_threshold", suggested: null });
  });

  it("under the offer lines nothing under 0.5 is listed: a turn that needs no skill gets an empty list", async () => {
    // needs_skill under THRESHOLDS.offer.needs: the load is listed, a finalist at its match line or more too, and one under it not.
    const judge = new ScriptedJudge({
      scores: { "skill-1": 0.5, "skill-2": 0.45, "skill-3": 0.4 },
      matches: { "skill-1": 0.55, "skill-2": 0.32, "skill-3": 0.2 },
      needsSkill: 0.58,
    });
    const { reply, record } = await pickSkill({ turn: "plot the data" }, deps(judge, catalogOf(4)));
    expect(reply.skills.map((s) => s.name)).toEqual(["skill-1", "skill-2"]);
    expect(record.candidates.find((c) => c.name === "skill-3")?.verdict).toBe("below_threshold");
    const quiet = await pickSkill(
      { turn: "plot the data" },
      deps(new ScriptedJudge({ scores: { "skill-1": 0.5 }, matches: { "skill-1": 0.2 }, needsSkill: 0.4 }), catalogOf(3)),
    );
    expect(quiet.reply.skills).toEqual([]);
    expect(quiet.record.outcome).toBe("rejected");
  });

  it("a shortlist holds only skills worth reading: on a turn that needs a skill, a finalist under the floor is not listed", async () => {
    // After pdf was loaded, "now merge the other two PDFs as well" was offered git-cleanup at .053 (needs_skill .93).
    const judge = new ScriptedJudge({ scores: { "skill-1": 0.5, "skill-2": 0.4 }, matches: { "skill-1": 0.2, "skill-2": 0.053 }, needsSkill: 0.93 });
    const { reply, record } = await pickSkill({ turn: "now merge the other two as well" }, deps(judge, catalogOf(3)));
    expect(reply.skills.map((s) => s.name)).toEqual(["skill-1"]);
    expect(record.candidates.find((c) => c.name === "skill-2")?.verdict).toBe("below_threshold");
  });

  it("a judge that names its own shortlist lines is listed by them, not by the default ones", async () => {
    const script = { scores: { "skill-1": 0.5, "skill-2": 0.4 }, matches: { "skill-1": 0.27, "skill-2": 0.22 }, needsSkill: 0.65 };
    const byDefault = await pickSkill({ turn: "plot the data" }, deps(new ScriptedJudge(script), catalogOf(3)));
    expect(byDefault.reply.skills).toEqual([]);
    const own = new ScriptedJudge({ ...script, offer: { needs: 0.9, match: 0.25 } });
    expect((await pickSkill({ turn: "plot the data" }, deps(own, catalogOf(3)))).reply.skills.map((s) => s.name)).toEqual(["skill-1"]);
    const eager = new ScriptedJudge({ ...script, offer: { needs: 0.6, match: 0.3 } });
    expect((await pickSkill({ turn: "plot the data" }, deps(eager, catalogOf(3)))).reply.skills.map((s) => s.name)).toEqual(["skill-1", "skill-2"]);
  });

  it("nothing fits: the stage-1 candidates are kept with their scores, none a finalist", async () => {
    const { record } = await pickSkill({ turn: "what is the capital of France" }, deps(new ScriptedJudge({ scores: { "skill-3": 0.01 } }), catalogOf(4)));
    expect(record.outcome).toBe("nothing_fits");
    expect(record.candidates[0]).toMatchObject({ name: "skill-3", score: 0.01, match: null, verdict: "not_finalist" });
  });
});

describe("reply format (selection spec §6)", () => {
  it("prints probabilities with a decimal point, in the documented key order", () => {
    expect(serializeReply({ status: "ok", needs_skill: 0.78, skills: [{ name: "xlsx", path: "/s/xlsx/SKILL.md", match: 0.72 }], latency_ms: 1143 })).toBe(
      '{"status":"ok","needs_skill":0.78,"skills":[{"name":"xlsx","path":"/s/xlsx/SKILL.md","match":0.72}],"latency_ms":1143}',
    );
    expect(serializeReply({ status: "ok", needs_skill: 1, skills: [], latency_ms: 3 })).toBe('{"status":"ok","needs_skill":1.0,"skills":[],"latency_ms":3}');
    const parsed = JSON.parse(serializeReply({ status: "ok", needs_skill: 0.123456, skills: [], latency_ms: 3 }));
    expect(parsed.needs_skill).toBe(0.123);
  });
});
