import { describe, expect, it } from "vitest";
import { readCasesFile } from "../eval/formats";
import { FIXTURES, publicSkillDescriptions } from "../testing/fixtures";
import { looksSecret, redact, secretRuleHit } from "./redact";
import { loadSecretCorpus } from "./secret-corpus";

describe("secret corpus (40+ formats users paste)", () => {
  const corpus = loadSecretCorpus();
  const secrets = corpus.filter((c) => c.expect === "secret");

  it("covers at least 100 turns and 40 formats", () => {
    expect(secrets.length).toBeGreaterThanOrEqual(100);
    expect(new Set(secrets.map((c) => c.format)).size).toBeGreaterThanOrEqual(40);
  });

  it.each(secrets.map((c) => [c.line, c.format, c.turn] as const))("line %i (%s) is caught", (_line, _format, turn) => {
    expect(secretRuleHit(turn)).not.toBeNull();
  });

  it.each(corpus.filter((c) => c.expect === "clean").map((c) => [c.line, c.turn] as const))("line %i passes: %s", (_line, turn) => {
    expect(secretRuleHit(turn)).toBeNull();
  });

  it("redaction leaves none of the corpus's secrets behind", () => {
    for (const c of secrets) expect(looksSecret(redact(c.turn)), `line ${c.line}`).toBe(false);
  });

  it("other seeds are caught too (the rules are not fitted to one draw)", () => {
    for (const seed of [2, 3, 4]) {
      const missed = loadSecretCorpus(seed).filter((c) => c.expect === "secret" && !looksSecret(c.turn));
      expect(missed.length, missed.map((c) => `line ${c.line}`).join(", ")).toBeLessThanOrEqual(2);
    }
  });
});

describe("false positives on real text", () => {
  it("flags under 1% of the MetaTool turns and the real catalog's descriptions", () => {
    const turns = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
    const descriptions = publicSkillDescriptions();
    for (const [label, texts] of [
      ["MetaTool turns", turns],
      ["catalog descriptions", descriptions],
    ] as const) {
      const flagged = texts.filter(looksSecret);
      expect(flagged.length / texts.length, `${label}: ${flagged.slice(0, 3).join(" | ")}`).toBeLessThan(0.01);
    }
  });
});
