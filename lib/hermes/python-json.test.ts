import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareCodePoints, pythonJson } from "./python-json";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../fixtures/hermes", name), "utf8");

describe("pythonJson (json.dumps indent=2, sort_keys, ensure_ascii=False)", () => {
  it("re-saves Hermes's usage.json byte for byte", () => {
    const text = fixture("usage.json");
    expect(pythonJson(JSON.parse(text))).toBe(text);
    const state = fixture("curator_state.json");
    expect(pythonJson(JSON.parse(state))).toBe(state);
  });

  it("sorts keys by code point at every level, integer-like keys included", () => {
    expect(Object.keys(JSON.parse(pythonJson({ "😀k": 1, "\uffffk": 2 })))).toEqual(["\uffffk", "😀k"]);
    expect(pythonJson({ b: { z: 1, a: [] }, a: {}, "10": 1, "9": 2 })).toBe('{\n  "10": 1,\n  "9": 2,\n  "a": {},\n  "b": {\n    "a": [],\n    "z": 1\n  }\n}');
    expect(compareCodePoints("\uffff", "😀")).toBeLessThan(0);
    expect(compareCodePoints("a", "ab")).toBeLessThan(0);
  });

  it("writes non-ASCII raw and escapes only quotes, backslashes and control characters", () => {
    expect(pythonJson({ k: 'Get笔记 "x" \\ \n\t\u0001 é' })).toBe('{\n  "k": "Get笔记 \\"x\\" \\\\ \\n\\t\\u0001 é"\n}');
  });

  it("writes numbers as Python does", () => {
    expect(pythonJson([0, 3, -2, 0.183, 1e-5, 1.5e16, 123456.5])).toBe("[\n  0,\n  3,\n  -2,\n  0.183,\n  1e-05,\n  1.5e+16,\n  123456.5\n]");
  });
});
