import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HYBRID_MODELS } from "../decision/decision-model";
import { DECISION_FILE, readOwnEncoder } from "./model-folder";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A model folder as train.py writes it (the weights a placeholder: the folder check never reads them). */
function modelFolder(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-own-encoder-"));
  dirs.push(dir);
  const all: Record<string, string> = {
    "model.onnx": "weights",
    "tokenizer.json": "{}",
    "tokenizer_config.json": "{}",
    "provenance.json": JSON.stringify({ id: "team-encoder-abc", howToRun: { dims: 384, maxTokens: 128 } }),
    [DECISION_FILE]: JSON.stringify(HYBRID_MODELS),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) if (text !== "") fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("readOwnEncoder", () => {
  it("reads a whole folder: its id and the decision fitted on it", () => {
    const dir = modelFolder();
    expect(readOwnEncoder(dir)).toEqual({ dir, id: "team-encoder-abc", decision: HYBRID_MODELS });
  });

  it("says what a folder lacks, in one line", () => {
    const dir = modelFolder({ [DECISION_FILE]: "", "tokenizer.json": "" });
    const read = readOwnEncoder(dir);
    expect(read).toEqual({ problem: expect.stringContaining("has no tokenizer.json, decision.json") });
    expect("problem" in read && read.problem).not.toContain("\n");
    expect(readOwnEncoder(path.join(dir, "nowhere"))).toEqual({ problem: expect.stringContaining("is not a folder") });
  });

  it("refuses a provenance without an id and a decision that is not calibrate.ts's", () => {
    expect(readOwnEncoder(modelFolder({ "provenance.json": JSON.stringify({ howToRun: { dims: 384, maxTokens: 128 } }) }))).toEqual({
      problem: expect.stringContaining("lacks an id"),
    });
    expect(readOwnEncoder(modelFolder({ [DECISION_FILE]: JSON.stringify({ rank: HYBRID_MODELS.rank }) }))).toEqual({
      problem: expect.stringContaining("is not decision models"),
    });
    expect(readOwnEncoder(modelFolder({ [DECISION_FILE]: "{not json" }))).toEqual({ problem: expect.stringContaining("is not decision models") });
  });
});
