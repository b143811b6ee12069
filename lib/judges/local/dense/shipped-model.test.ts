import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../config";
import { SHIPPED_MODEL } from "./worker-encoder";

const dir = path.join(packageRoot(), SHIPPED_MODEL);
const provenance = JSON.parse(fs.readFileSync(path.join(dir, "provenance.json"), "utf8")) as {
  files: Record<string, { sha256: string; bytes: number }>;
};

describe("the shipped encoder's files", () => {
  it("are exactly the files its provenance names (scripts/model/build-encoder.py rebuilds them)", () => {
    const present = fs.readdirSync(dir).filter((f) => f !== "provenance.json" && f !== "README.md");
    expect(present.sort()).toEqual(Object.keys(provenance.files).sort());
    for (const [name, want] of Object.entries(provenance.files)) {
      const data = fs.readFileSync(path.join(dir, name));
      expect({ name, sha256: createHash("sha256").update(data).digest("hex"), bytes: data.length }).toEqual({ name, sha256: want.sha256, bytes: want.bytes });
    }
  });

  it("fit the size an English model may take in the repository (40 MB)", () => {
    const bytes = Object.values(provenance.files).reduce((n, f) => n + f.bytes, 0);
    expect(bytes).toBeLessThanOrEqual(40 * 2 ** 20);
  });
});
