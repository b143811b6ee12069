import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCatalogEntry } from "../../catalog/verifier";
import { loadConfig, packageRoot } from "../../config";
import { pickSkill } from "../../engine/pick-skill";
import { getJudge } from "../../judges/create-judge";
import { HYBRID_MODELS } from "../../judges/local/decision/decision-model";
import { SHIPPED_MODEL } from "../../judges/local/dense/worker-encoder";
import type { LocalJudge } from "../../judges/local/local-judge";
import { requestHome } from "../../testing/request-home";
import { THRESHOLDS } from "../../vocab/limits";
import { setUpDenseSide, stopSentenceEncoder } from "./dense-setup";

/**
 * JEV_ENCODER_MODEL with a real model folder: a copy of jev's weights under another id, with a decision.json that
 * never finds a turn in need of a skill. The turn the shipped encoder loads humanizer for must load nothing here,
 * so the folder's own decision is the one used, and the encoder reports the folder's id.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-own-encoder-"));
const home = requestHome();
const turn = "can you make this email sound more human and less like a bot";

beforeAll(async () => {
  const shipped = path.join(packageRoot(), SHIPPED_MODEL);
  for (const f of ["model.onnx", "tokenizer.json", "tokenizer_config.json"]) fs.copyFileSync(path.join(shipped, f), path.join(dir, f));
  const provenance = JSON.parse(fs.readFileSync(path.join(shipped, "provenance.json"), "utf8"));
  fs.writeFileSync(path.join(dir, "provenance.json"), JSON.stringify({ ...provenance, id: "team-encoder-test" }));
  fs.writeFileSync(path.join(dir, "decision.json"), JSON.stringify({ ...HYBRID_MODELS, needs: { ...HYBRID_MODELS.needs, bias: -50 } }));
  setUpDenseSide(loadConfig({ HOME: dir, JEV_ENCODER: "on", JEV_ENCODER_MODEL: dir }), null, "one-shot");
  await (getJudge("local") as LocalJudge).dense?.prepare(home);
}, 120_000);

afterAll(async () => {
  await stopSentenceEncoder();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a team's own encoder (JEV_ENCODER_MODEL)", () => {
  it("runs the folder's model under its id, and decides with the folder's decision.json", async () => {
    const judge = getJudge("local") as LocalJudge;
    expect(judge.dense?.status()).toMatchObject({ state: "ready", model: "team-encoder-test" });
    const { reply, notes } = await pickSkill({ turn }, { catalog: home, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => 0 });
    expect(notes).toBeUndefined();
    expect(reply).toMatchObject({ status: "ok", needs_skill: expect.any(Number) });
    expect("needs_skill" in reply && reply.needs_skill).toBeLessThan(0.01);
    expect(reply.skills.find((s) => s.match >= THRESHOLDS.load)).toBeUndefined();
  });
});
