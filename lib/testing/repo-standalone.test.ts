import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "./fixtures";

const repo = path.resolve(FIXTURES_DIR, "..");
// Spelled in pieces so this file does not match itself.
const SHELF = ["..", "shared"].join("/");
const SHELF_FOLDERS = ["spec", "data", "notes", "fixtures", "hooks"].map((f) => `${["shared", f].join("/")}/`);

describe("the repository stands alone", () => {
  it("no tracked file refers to the reference shelf beside the checkout", () => {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" })
      .split("\0")
      .filter((f) => f && !f.startsWith("fixtures/") && fs.existsSync(path.join(repo, f)));
    const offenders = files.filter((f) => {
      const text = fs.readFileSync(path.join(repo, f), "latin1");
      return text.includes(SHELF) || SHELF_FOLDERS.some((s) => text.includes(s));
    });
    expect(offenders).toEqual([]);
  });

  it("ships every fixture file its README lists", () => {
    const readme = fs.readFileSync(path.join(FIXTURES_DIR, "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\| `([^`]+\.(?:jsonl|md))` \|/gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(3);
    for (const f of listed) if (!f.includes("*")) expect(fs.existsSync(path.join(FIXTURES_DIR, f)), f).toBe(true);
  });
});
