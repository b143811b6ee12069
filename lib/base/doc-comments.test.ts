import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { productionSources, REPO_ROOT } from "../testing/source-files";

describe("doc comments", () => {
  it("state the contract in at most 4 lines (the why goes in a line comment beside the code, figures in the folder's README)", () => {
    const long: string[] = [];
    for (const file of productionSources()) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
        const lines = m[1].split("\n").filter((l) => l.replace(/^\s*\*?\s?/, "").trim()).length;
        if (lines > 4) long.push(`${path.relative(REPO_ROOT, file)}:${text.slice(0, m.index).split("\n").length} (${lines} lines)`);
      }
    }
    expect(long).toEqual([]);
  });
});
