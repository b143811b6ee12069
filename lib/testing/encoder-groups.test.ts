import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../config";
import { readCatalogFile } from "../eval/formats";
import { readTriggerCases } from "../eval/trigger-cases";
import { encoderGroups, HELD_APART_SOURCES, mayTrainOn } from "./encoder-groups";
import { FIXTURES } from "./fixtures";
import { calibrationHome, requestHome } from "./request-home";

const group = encoderGroups();
const trainingRows = (file: string) =>
  fs
    .readFileSync(path.join(packageRoot(), "training", "encoder", "data", file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { turn: string; skill: string });

describe("what the trained encoder may see", () => {
  it("never a skill of the plain-request development set, the calibration home, a trigger eval or a held-apart source", () => {
    for (const s of requestHome()) expect(mayTrainOn(group(s.path)), s.path).toBe(false);
    for (const s of calibrationHome()) expect(mayTrainOn(group(s.path)), s.path).toBe(false);
    for (const s of readCatalogFile(FIXTURES.triggerSkills)) expect(mayTrainOn(group(s.path)), s.path).toBe(false);
    for (const s of readCatalogFile(FIXTURES.publicSkillBodies))
      if (HELD_APART_SOURCES.includes(s.path.split("/")[0])) expect(mayTrainOn(group(s.path)), s.path).toBe(false);
  });

  it("holds about half of MetaTool's tools and about a third of the other public skills apart", () => {
    const tools = readCatalogFile(FIXTURES.metatoolCatalog);
    const apart = tools.filter((t) => !mayTrainOn(group(t.path))).length / tools.length;
    expect(apart).toBeGreaterThan(0.4);
    expect(apart).toBeLessThan(0.6);
    const others = readCatalogFile(FIXTURES.publicSkillBodies).filter((s) => group(s.path) === "train" || group(s.path) === "held-apart-skill");
    const share = others.filter((s) => group(s.path) === "held-apart-skill").length / others.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
  });

  it("is what the training data asks for: every written request and MetaTool query names a skill it may see", () => {
    const rows = [...trainingRows("written-requests.jsonl"), ...trainingRows("metatool-queries.jsonl")];
    expect(rows.length).toBeGreaterThan(4000);
    for (const r of rows) expect(mayTrainOn(group(r.skill)), `${r.skill}: ${r.turn}`).toBe(true);
  });

  it("shares no request with the development sets", () => {
    const training = new Set([...trainingRows("written-requests.jsonl"), ...trainingRows("metatool-queries.jsonl")].map((r) => r.turn.toLowerCase()));
    const development = [...readTriggerCases(FIXTURES.triggerCases).map((c) => c.turn)];
    for (const file of [path.join("plain-requests", "requests.jsonl"), path.join("plain-calibration", "requests.jsonl")])
      for (const line of fs
        .readFileSync(path.join(packageRoot(), "fixtures", file), "utf8")
        .split("\n")
        .filter(Boolean))
        development.push((JSON.parse(line) as { turn: string }).turn);
    for (const turn of development) expect(training.has(turn.toLowerCase()), turn).toBe(false);
  });
});
