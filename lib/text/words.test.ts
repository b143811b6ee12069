import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCasesFile, readCatalogLines } from "../eval/formats";
import { FIXTURES } from "../testing/fixtures";
import { readableText, wordsOf } from "./words";

/** The regex passes wordsOf replaced, kept as its oracle (final sigma folded, as wordsOf does). */
function oracle(text: string): string[] {
  const split = readableText(text)
    .replace(/(?<![\p{L}\p{N}])(\p{Lu}{2,})s(?![\p{L}\p{N}])/gu, "$1")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`));
  return (
    split
      .toLowerCase()
      .replace(/['’]/g, "")
      .replaceAll("ς", "σ")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

describe("wordsOf", () => {
  it("splits identifiers, reads plural acronyms as singular, drops apostrophes", () => {
    expect(wordsOf("CompanyInfoTool HTTPServer v2 a1b2 APIs PDFS don't O’Neil x'APIs")).toEqual([
      "company",
      "info",
      "tool",
      "http",
      "server",
      "v",
      "2",
      "a",
      "1b",
      "2",
      "api",
      "pdfs",
      "dont",
      "oneil",
      "xapi",
    ]);
    expect(wordsOf("生成 Excel 表格 İstanbul ½")).toEqual(oracle("生成 Excel 表格 İstanbul ½"));
    expect(wordsOf("ΟΔΟΣ οδος.")).toEqual(["οδοσ", "οδοσ"]);
  });

  it("reads other languages' cognates and glued product names as the catalog's words", () => {
    expect(wordsOf("Crée une présentation à São Paulo")).toEqual(["cree", "une", "presentation", "a", "sao", "paulo"]);
    expect(wordsOf("PDFファイルのフォーム")).toEqual(["pdf", "ファイルのフォーム"]);
    expect(wordsOf("用Excel表格")).toEqual(["用", "excel", "表格"]);
    expect(readableText("plain ASCII stays as it is")).toBe("plain ASCII stays as it is");
  });

  it("gives what the regex passes gave on every text the fixtures hold (bodies, descriptions, turns)", () => {
    const texts = [
      ...readCatalogLines(FIXTURES.publicSkillBodies).flatMap((s) => [s.name, s.description, s.body ?? ""]),
      ...readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn),
    ];
    for (const text of texts) expect(wordsOf(text)).toEqual(oracle(text));
  });

  it("gives what the regex passes gave on generated text", () => {
    const alphabet = fc.constantFrom(..."aAbBsSzZ09 _-'’.é É ß ǅ Σσς İı 生 ½ ٣ 😀".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        const text = chars.join("");
        expect(wordsOf(text)).toEqual(oracle(text));
      }),
      { numRuns: 3000 },
    );
  });
});
