import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTrivialTurn, SEGMENT_PHRASES, WHOLE_TURN_PHRASES } from "./local-gate";

describe("local gate: answered locally (selection spec §2)", () => {
  it.each([
    "ok",
    "OK.",
    "thanks, that worked",
    "Thanks!",
    "got it",
    "never mind",
    "yes go ahead",
    "stop",
    "Stop.",
    "...",
    "?!",
    "👍",
    "🎉🎉",
    "👍 thanks",
    "how are you doing today",
    "Hi there!",
    "hello",
    "next?",
    "next",
    "ok, thanks!",
    "great, that worked.",
    "   ",
  ])("skips %j", (turn) => {
    expect(isTrivialTurn(turn)).toBe(true);
  });
});

describe("local gate: must reach the ranker", () => {
  it.each([
    "all working?",
    "do it",
    "stop it",
    "do all of them now",
    "next, fix the config",
    "42",
    "3?",
    "v2",
    "ok 2",
    "thanks, now deploy it",
    "okk",
    "continue",
    "what's next for the migration",
    "merci",
    "danke schön, bitte weiter",
    "好的",
    "谢谢",
    "спасибо",
    "ok спасибо",
    "ありがとう",
    "شكرا",
    "stop the server",
    "next one please fix",
    "yes but use postgres",
    "fix the failing test",
  ])("asks for %j", (turn) => {
    expect(isTrivialTurn(turn)).toBe(false);
  });
});

describe("local gate: its shortcuts decide as the plain rule does", () => {
  // The rule written out with no shortcut: every Unicode scan, every segment's words.
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/['’‘`]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  function plainRule(turn: string): boolean {
    const text = turn.normalize("NFKC").trim();
    if (!/[\p{L}\p{N}]/u.test(text)) return true;
    if (/(?=\p{L})\P{Script=Latin}/u.test(text) || /\p{N}/u.test(text)) return false;
    const whole = words(text);
    if (WHOLE_TURN_PHRASES.has(whole) || SEGMENT_PHRASES.has(whole)) return true;
    const segments = text
      .split(/[,.;:!?¡¿…]+/u)
      .map(words)
      .filter((s) => s !== "");
    return segments.length > 0 && segments.every((s) => SEGMENT_PHRASES.has(s));
  }
  const phrase = fc.constantFrom(...SEGMENT_PHRASES, ...WHOLE_TURN_PHRASES);
  const glue = fc.constantFrom(" ", ", ", "! ", "...", "?", " - ", "'", "’", "\t", "\n", "", "２", "٣", "é", "İ", "ß", "ﬁ", "\u0000", "\u0010");
  const piece = fc.oneof(
    phrase,
    phrase.map((p) => p.toUpperCase()),
    glue,
    fc.string({ maxLength: 6 }),
    fc.string({ unit: "grapheme", maxLength: 3 }),
  );

  it("for turns of phrases, punctuation and stray characters", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const turn = pieces.join("");
        expect(isTrivialTurn(turn)).toBe(plainRule(turn));
      }),
      { numRuns: 5_000 },
    );
  });
});
