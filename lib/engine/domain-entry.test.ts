import { describe, expect, it } from "vitest";
import type { SkillCard } from "../catalog/types";
import { verifyCatalogEntry } from "../catalog/verifier";
import { RulesConfig } from "../rules/config";
import type { RuleOutcome } from "../rules/suggestion-rules";
import { domainsOf, type EntryInput } from "./domain-entry";
import { type PickDeps, type PickInput, pickSkill } from "./pick-skill";
import { serializeReply } from "./reply";
import { ScriptedJudge } from "./test-judge";

const card = (name: string, description: string, related?: string[]): SkillCard => ({
  name,
  description,
  path: `/skills/${name}/SKILL.md`,
  ...(related ? { related } : {}),
});

const catalog = [
  card("jev-blender", "Start here for any Blender work: scenes, objects, the bpy API.", ["blender-nodes", "blender-render", "blender-missing"]),
  card("blender-nodes", "Build geometry nodes and shader node trees."),
  card("blender-render", "Render scenes with Cycles or Eevee: samples, resolution, output formats."),
  card("pdf", "Extract text and tables from PDF files."),
];

const { entry_skills: entries } = RulesConfig.parse({ entry_skills: { "jev-blender": ["blender", "bpy", "geometry nodes"], pdf: ["acrobat"] } });

function entryOf(session: { loaded?: string[]; shown?: string[] } = {}): EntryInput {
  return { entries, sessionLoaded: new Set(session.loaded ?? []), sessionShown: new Set(session.shown ?? []) };
}

const judged = () => new ScriptedJudge({ scores: { pdf: 0.9 }, matches: { pdf: 0.8 } });
const deps = (judge: ScriptedJudge, extra: Partial<PickDeps> = {}): PickDeps => ({
  catalog,
  judge,
  verify: verifyCatalogEntry,
  metaSkills: [],
  now: () => 0,
  ...extra,
});
const pick = (turn: string, input: Partial<PickInput>, judge = judged(), extra: Partial<PickDeps> = {}) => pickSkill({ turn, ...input }, deps(judge, extra));

describe("which domain a turn belongs to", () => {
  it("matches a domain word as the local judge reads words: any case, stemmed, a phrase in a row", () => {
    expect(domainsOf("Model a donut in BLENDER please", entries)).toEqual(["jev-blender"]);
    expect(domainsOf("add a geometry node to the scatter", entries)).toEqual(["jev-blender"]);
    expect(domainsOf("the node geometry is wrong", entries)).toEqual([]);
    expect(domainsOf("write a python script", entries)).toEqual([]);
    expect(domainsOf("open it in acrobat, then import it with bpy", entries)).toEqual(["jev-blender", "pdf"]); // the rules file's order
  });

  it("a rules file whose domain word has nothing to match is refused, naming the field", () => {
    expect(RulesConfig.safeParse({ entry_skills: { x: ["the"] } }).success).toBe(false);
    expect(RulesConfig.safeParse({ entry_skills: { x: [] } }).success).toBe(false);
    expect(RulesConfig.safeParse({ entry_skills: { x: "blender" } }).success).toBe(false);
    expect(RulesConfig.parse({}).entry_skills).toEqual({});
  });
});

describe("the entry skill comes first in its domain", () => {
  it("a domain turn is hinted its entry skill without asking the judge", async () => {
    const judge = judged();
    const { reply, record } = await pick("Model a donut in Blender", { entry: entryOf() }, judge);
    expect(serializeReply(reply)).toBe(
      '{"status":"ok","needs_skill":1.0,"skills":[{"name":"jev-blender","path":"/skills/jev-blender/SKILL.md","match":1.0}],"latency_ms":0,"via":"entry_skill"}',
    );
    expect(judge.stageOneCalls).toHaveLength(0);
    expect(record).toMatchObject({ outcome: "suggested", requests: 0, suggestedVia: "entry_skill", suggested: { name: "jev-blender" }, merged: false });
    expect(record.candidates).toEqual([{ name: "jev-blender", path: "/skills/jev-blender/SKILL.md", score: 1, match: 1, verdict: "suggested" }]);
  });

  it("other turns, and configurations without entry skills, go to the judge as before", async () => {
    const judge = judged();
    const { reply, record } = await pick("extract the tables from this pdf", { entry: entryOf() }, judge);
    expect(judge.stageOneCalls).toHaveLength(1);
    expect(reply).not.toHaveProperty("via");
    expect(record.suggestedVia).toBeNull();
    expect((await pick("Model a donut in Blender", {})).record.suggestedVia).toBeNull();
  });

  it("the gate still skips routine turns, and a secret-looking domain turn still sends nothing", async () => {
    expect((await pick("thanks!", { entry: entryOf() })).reply).toMatchObject({ skipped: "trivial", skills: [] });
    const secret = await pick("blender login: password=hunter2hunter2 token ghp_abcdefghijklmnopqrstuvwxyz0123456789", { entry: entryOf() });
    expect(secret.reply).toMatchObject({ status: "fail_open", reason: "sensitive_turn" });
  });

  it("is hinted once per session: shown before and not loaded, the judge decides", async () => {
    const judge = judged();
    const { record } = await pick("Model a donut in Blender", { entry: entryOf({ shown: ["jev-blender"] }) }, judge);
    expect(judge.stageOneCalls).toHaveLength(1);
    expect(record.suggestedVia).toBeNull();
  });

  it("passes the checks a judged suggestion passes: the loader's list, verification, rules 1 and 2", async () => {
    const suppressed = (name: string): RuleOutcome =>
      name === "jev-blender" ? { verdict: "suppressed", suggestions: 9, loads: 0, retryAt: 1 } : { verdict: "show" };
    for (const input of [
      { loadable: ["pdf", "blender-nodes"] },
      { rules: async () => suppressed },
      {
        rules:
          async () =>
          (name: string): RuleOutcome => ({ verdict: name === "jev-blender" ? "already_loaded" : "show" }),
      },
    ]) {
      const { record } = await pick("Model a donut in Blender", { entry: entryOf(), ...input });
      expect(record.suggestedVia).toBeNull();
    }
    const { record } = await pick("Model a donut in Blender", { entry: entryOf() }, judged(), { verify: (c) => (c.name === "jev-blender" ? null : c.name) });
    expect(record.suggestedVia).toBeNull();
    const absent = await pick("Model a donut in Blender", { entry: entryOf() }, judged(), { catalog: catalog.slice(1) });
    expect(absent.record.suggestedVia).toBeNull();
  });

  it("hints the loader's own name", async () => {
    const { reply } = await pick("Model a donut in Blender", { entry: entryOf() }, judged(), { verify: (c) => `hub/${c.name}` });
    expect(reply.skills[0].name).toBe("hub/jev-blender");
  });
});

describe("its related skills come next, in later turns of the session", () => {
  it("after the entry skill is loaded, the related skill sharing most words with the turn comes first, then the rest in front-matter order", async () => {
    const loaded = ["jev-blender"];
    const first = await pick("render the blender scene at 4k resolution", { entry: entryOf({ loaded }) });
    expect(first.reply.skills.map((s) => s.name)).toEqual(["blender-render"]);
    expect(first.reply).toMatchObject({ via: "related_skill", needs_skill: 1 });
    expect(first.record).toMatchObject({ requests: 0, suggestedVia: "related_skill" });

    const second = await pick("now tweak the blender scene", { entry: entryOf({ loaded, shown: ["jev-blender", "blender-render"] }) });
    expect(second.reply.skills.map((s) => s.name)).toEqual(["blender-nodes"]);

    // Every related skill shown (the missing one is skipped): the judge decides.
    const judge = judged();
    const third = await pick("blender again", { entry: entryOf({ loaded, shown: ["blender-render", "blender-nodes"] }) }, judge);
    expect(judge.stageOneCalls).toHaveLength(1);
    expect(third.record.suggestedVia).toBeNull();
  });

  it("only on the domain's turns, and not before the entry skill is loaded", async () => {
    const judge = judged();
    await pick("extract the tables from this pdf", { entry: entryOf({ loaded: ["jev-blender"] }) }, judge);
    expect(judge.stageOneCalls).toHaveLength(1);
    const notLoaded = await pick("render the blender scene", { entry: entryOf({ shown: ["jev-blender"] }) });
    expect(notLoaded.record.suggestedVia).toBeNull();
  });

  it("a related skill the rules remove is passed over for the next", async () => {
    const rules = (name: string): RuleOutcome =>
      name === "blender-render" ? { verdict: "suppressed", suggestions: 9, loads: 0, retryAt: 1 } : { verdict: "show" };
    const { reply } = await pick("render the blender scene", { entry: entryOf({ loaded: ["jev-blender"] }), rules: async () => rules });
    expect(reply.skills.map((s) => s.name)).toEqual(["blender-nodes"]);
  });
});
