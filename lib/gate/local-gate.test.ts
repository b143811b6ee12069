import { describe, expect, it } from "vitest";
import { isTrivialTurn } from "./local-gate";

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
