import { describe, expect, it } from "vitest";
import { contentWords, stemWord } from "../../../text/analyze";
import { LOCAL_JUDGE } from "../settings";
import { readTurn } from "./turn-reading";

const TRACE = [
  "```",
  "Traceback (most recent call last):",
  '  File "app/parse.py", line 41, in parse_rows',
  "    return [int(r) for r in data]",
  "ValueError: invalid literal for int() with base 10: 'abc'",
  "```",
].join("\n");

describe("readTurn", () => {
  it("reads prose in full and a fenced trace once per identifier, at a lower weight", () => {
    const reading = readTurn(`find every variant of this bug\n${TRACE}`);
    expect(reading.terms.get(stemWord("variant"))).toBe(1);
    expect(reading.terms.get(stemWord("bug"))).toBe(1);
    // The error's name and the functions are read, not dropped…
    expect(reading.terms.get(stemWord("value"))).toBe(LOCAL_JUDGE.reading.codeTermWeight);
    expect(reading.terms.get(stemWord("rows"))).toBe(LOCAL_JUDGE.reading.codeTermWeight);
    // …and a word the trace repeats counts once.
    expect(reading.terms.get(stemWord("int"))).toBe(LOCAL_JUDGE.reading.codeTermWeight);
    expect(reading.codeShare).toBeGreaterThan(0.7);
    expect(reading.ngramWords).toEqual(contentWords("find every variant of this bug"));
  });

  it("knows trace and code lines outside a fence", () => {
    const reading = readTurn(
      "why does this fail?\nTypeError: Cannot read properties of undefined\n    at render (src/app.tsx:12:5)\nconst x = items.map((i) => i.id);",
    );
    expect(reading.terms.get(stemWord("fail"))).toBe(1);
    expect(reading.terms.get(stemWord("render"))).toBe(LOCAL_JUDGE.reading.codeTermWeight);
    expect(reading.terms.get(stemWord("items"))).toBe(LOCAL_JUDGE.reading.codeTermWeight);
    expect(reading.codeShare).toBeGreaterThan(0.5);
  });

  it("leaves a plain request exactly as the judge read it before: every content word, 1 + ln(count)", () => {
    const reading = readTurn("merge the PDFs, then merge the pages again");
    expect(reading.codeShare).toBe(0);
    expect(reading.terms.get(stemWord("merge"))).toBeCloseTo(1 + Math.log(2), 12);
    expect(reading.terms.get(stemWord("pdf"))).toBe(1);
    expect(reading.ngramWords).toEqual(contentWords("merge the PDFs, then merge the pages again"));
  });

  it("lets a code-only turn's words into the n-gram reading, so it is not blank", () => {
    const reading = readTurn(TRACE);
    expect(reading.ngramWords.length).toBeGreaterThan(3);
    expect(new Set(reading.ngramWords).size).toBe(reading.ngramWords.length);
  });
});
