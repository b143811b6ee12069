import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../config";
import { SHIPPED_MODEL } from "./worker-encoder";

const dir = path.join(packageRoot(), SHIPPED_MODEL);
const provenance = JSON.parse(fs.readFileSync(path.join(dir, "provenance.json"), "utf8")) as {
  id: string;
  files: Record<string, { sha256: string; bytes: number }>;
  trainedFrom?: { package: string; version: string; wheelSha256: string };
  training?: { commit: string; script: string; data: { pairs: number; sha256: string; inputs: Record<string, string> } };
};

describe("the shipped encoder's files", () => {
  it("are exactly the files its provenance names (scripts/model/build-encoder.py --check checks them)", () => {
    const present = fs.readdirSync(dir).filter((f) => f !== "provenance.json" && f !== "README.md");
    expect(present.sort()).toEqual(Object.keys(provenance.files).sort());
    for (const [name, want] of Object.entries(provenance.files)) {
      const data = fs.readFileSync(path.join(dir, name));
      expect({ name, sha256: createHash("sha256").update(data).digest("hex"), bytes: data.length }).toEqual({ name, sha256: want.sha256, bytes: want.bytes });
    }
  });

  it("name the training that made them: its commit, its script, its data manifest, and the weights it started from", () => {
    expect(provenance.training?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(fs.existsSync(path.join(packageRoot(), provenance.training?.script ?? "missing"))).toBe(true);
    expect(provenance.training?.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(provenance.training?.data.pairs).toBeGreaterThan(1000);
    expect(Object.keys(provenance.training?.data.inputs ?? {})).toContain("training/encoder/data/written-requests.jsonl");
    expect(provenance.trainedFrom?.wheelSha256).toMatch(/^[0-9a-f]{64}$/);
    // The id keys every stored vector: a retrained model is a new id, so no vector of the old one is read as its own.
    expect(provenance.id).toContain(provenance.files["model.onnx"].sha256.slice(0, 12));
  });

  it("fit the size an English model may take in the repository (40 MB)", () => {
    const bytes = Object.values(provenance.files).reduce((n, f) => n + f.bytes, 0);
    expect(bytes).toBeLessThanOrEqual(40 * 2 ** 20);
  });
});
