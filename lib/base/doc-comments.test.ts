import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "testing") visit(full);
      } else if (/\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name)) out.push(full);
    }
  };
  for (const dir of ["lib", "db", "app", "cli", "server", "scripts"]) visit(path.join(ROOT, dir));
  return out;
}

describe("doc comments", () => {
  it("state the contract in at most 4 lines (the why goes in a line comment beside the code, figures in the folder's README)", () => {
    const long: string[] = [];
    for (const file of sources()) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
        const lines = m[1].split("\n").filter((l) => l.replace(/^\s*\*?\s?/, "").trim()).length;
        if (lines > 4) long.push(`${path.relative(ROOT, file)}:${text.slice(0, m.index).split("\n").length} (${lines} lines)`);
      }
    }
    expect(long).toEqual([]);
  });
});
