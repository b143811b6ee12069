import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../../catalog/types";
import { verifyCatalogEntry } from "../../../catalog/verifier";
import { pickSkill } from "../../../engine/pick-skill";
import { FakeEncoder } from "../../../testing/fake-encoder";
import { HYBRID_MODELS } from "../decision/decision-model";
import { LocalJudge } from "../local-judge";
import { LOCAL_JUDGE } from "../settings";
import { DenseSide } from "./dense-side";
import { MemoryVectorStore } from "./vector-store";

const card = (name: string, description: string, body?: string): SkillCard => ({ name, description, path: `/s/${name}/SKILL.md`, ...(body ? { body } : {}) });
const home = [
  card("pptx", "Create and edit presentation files with speaker notes"),
  card("xlsx", "Create and edit spreadsheet files with formulas"),
  card("imessage", "Send and receive messages on macOS"),
  card("findmy", "Locate Apple devices and AirTags"),
];
// The fake encoder's meaning: these words mean the same thing.
const concepts = new Map([
  ["deck", "presentation"],
  ["slides", "presentation"],
  ["build", "create"],
  ["papers", "files"],
  ["talking", "speaker"],
  ["remarks", "notes"],
]);

const side = (encoder = new FakeEncoder(concepts), store = new MemoryVectorStore(), waitMs = 5_000) =>
  new DenseSide({ start: async () => encoder, store, waitMs });
const ask = (judge: LocalJudge, turn: string, catalog = home) =>
  pickSkill({ turn }, { catalog, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => 0 });

describe("the local judge's dense side", () => {
  it("ranks a skill that shares no word with the turn when the encoder reads the same meaning", async () => {
    const turn = "build a deck and its papers with talking remarks";
    const lexical = await ask(new LocalJudge(), turn);
    expect(lexical.ranking[0]).not.toBe("/s/pptx/SKILL.md");
    const hybrid = await ask(new LocalJudge("wait", undefined, side()), turn);
    expect(hybrid.ranking[0]).toBe("/s/pptx/SKILL.md");
  });

  it("names the shortlist lines of the calibration that answered: the hybrid's with vectors, the lexical judge's without", async () => {
    const catalog = { skills: home };
    const two = async (judge: LocalJudge) => judge.stageTwo({ turn: "slides for the board", catalog, finalists: [0, 1] });
    expect((await two(new LocalJudge("wait", undefined, side()))).offer).toEqual(LOCAL_JUDGE.offer.hybrid);
    expect((await two(new LocalJudge())).offer).toEqual(LOCAL_JUDGE.offer.lexical);
  });

  it("decides with the models fitted on its own encoder's cosines, when it names them (an encoder compared in a bench)", async () => {
    const catalog = { skills: home };
    const two = async (judge: LocalJudge) => judge.stageTwo({ turn: "build a deck and its papers with talking remarks", catalog, finalists: [0] });
    const shipped = await two(new LocalJudge("wait", undefined, side()));
    expect(shipped.needsSkill).toBeGreaterThan(0.5);
    const never = { rank: HYBRID_MODELS.rank, needs: { ...HYBRID_MODELS.needs, bias: -50 } };
    const own = await two(
      new LocalJudge(
        "wait",
        undefined,
        new DenseSide({ start: async () => new FakeEncoder(concepts), store: new MemoryVectorStore(), waitMs: 5_000, decision: never }),
      ),
    );
    expect(own.needsSkill).toBeLessThan(0.001);
  });

  it("encodes each skill text once per model, whatever the catalog snapshot, and each turn once", async () => {
    const encoder = new FakeEncoder(concepts);
    const store = new MemoryVectorStore();
    const judge = new LocalJudge("wait", undefined, side(encoder, store));
    await ask(judge, "slides for the board");
    expect(encoder.asked).toEqual({ query: 1, passage: home.length });
    // A new snapshot with one changed card: only that card is encoded.
    await ask(judge, "slides for the board", [home[0], home[1], home[2], card("findmy", "Locate Apple devices, AirTags and friends")]);
    expect(encoder.asked).toEqual({ query: 1, passage: home.length + 1 });
    // Another process on the same store (a restart, a fleet's instance) encodes no skill text at all.
    const again = new FakeEncoder(concepts);
    await ask(new LocalJudge("wait", undefined, side(again, store)), "slides for the board");
    expect(again.asked).toEqual({ query: 1, passage: 0 });
  });

  it("gives a body its own pieces, so a skill whose body says it is found", async () => {
    const encoder = new FakeEncoder(concepts, 4);
    const withBody = [...home, card("weather", "Forecasts", "check the rain radar for tomorrow before a hike")];
    await side(encoder).prepare(withBody);
    // The card and two body pieces of four words: the body's first eight words.
    expect(encoder.asked.passage).toBe(withBody.length + 1);
  });

  it("answers with the lexical judge alone, and says so, when the encoder cannot load", async () => {
    const failing = new DenseSide({ start: async () => Promise.reject(new Error("no model")), store: new MemoryVectorStore(), waitMs: 1_000 });
    const judge = new LocalJudge("wait", undefined, failing);
    const { reply, warnings } = await answered(judge, "create a spreadsheet with formulas");
    expect(reply.status === "ok" && reply.skills[0]?.name).toBe("xlsx");
    expect(warnings.join(" ")).toContain("the sentence encoder could not load");
    expect(failing.state).toBe("off");
  });

  it("answers with the lexical judge alone, not failing open, when the vectors cannot be kept", async () => {
    const store = new MemoryVectorStore();
    store.save = () => Promise.reject(new Error("disk full"));
    const judge = new LocalJudge("wait", undefined, side(new FakeEncoder(concepts), store));
    const { reply, warnings } = await answered(judge, "create a spreadsheet with formulas");
    expect(reply.status === "ok" && reply.skills[0]?.name).toBe("xlsx");
    expect(warnings.join(" ")).toContain("lexical judge alone");
  });

  it("answers with the lexical judge alone while the vectors build, when a turn may not wait (the server)", async () => {
    const judge = new LocalJudge("wait", undefined, side(new FakeEncoder(concepts), new MemoryVectorStore(), 0));
    const first = await answered(judge, "create a spreadsheet with formulas");
    expect(first.warnings.join(" ")).toMatch(/lexical judge alone: (the sentence encoder is loading|skill vectors are building)/);
    await judge.dense?.prepare(home);
    expect((await answered(judge, "create a spreadsheet with formulas")).warnings).toEqual([]);
  });
});

/** The reply and the warnings the engine gives (the judge's notes among them). */
async function answered(judge: LocalJudge, turn: string) {
  const decision = await ask(judge, turn);
  return { reply: decision.reply, warnings: decision.notes ?? [] };
}
