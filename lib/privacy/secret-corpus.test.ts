import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCasesFile } from "../eval/formats";
import { FIXTURES, publicSkillDescriptions } from "../testing/fixtures";
import { looksSecret, redact, secretRuleHit } from "./redact";
import { loadSecretCorpus } from "./secret-corpus";
import { SECRET_RULES, tripsSecretRule } from "./secret-patterns";

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

describe("the combined secret rules", () => {
  it("trip exactly when one of the rules does, on the corpus, real turns and descriptions, and random text", () => {
    const plain = (t: string) => SECRET_RULES.some((r) => r.pattern.test(t));
    const texts = [
      ...loadSecretCorpus().map((c) => c.turn),
      ...loadSecretCorpus(2).map((c) => c.turn),
      ...readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn),
      ...publicSkillDescriptions(),
      // The rule that refers back to its own group (secret_assignment): a call or an identifier after the `=` is not a value.
      "password=getPassword(user)",
      "api_key = loadKey[0]",
      "token: config.apiToken",
      "secret=hunter22hunter",
    ];
    let tripped = 0;
    for (const t of texts) {
      expect(tripsSecretRule(t), t).toBe(plain(t));
      if (plain(t)) tripped++;
    }
    expect(tripped).toBeGreaterThan(100);
    // Pieces of the corpus's secrets cut and joined at random, with stray text between.
    const pieces = loadSecretCorpus()
      .filter((c) => c.expect === "secret")
      .map((c) => c.turn);
    const piece = fc
      .tuple(fc.constantFrom(...pieces), fc.nat(), fc.nat())
      .map(([p, a, b]) => p.slice(Math.min(a, b) % p.length, Math.max(a, b) % (p.length + 1)));
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 4 }), (parts) => {
        const t = parts.join("");
        expect(tripsSecretRule(t)).toBe(plain(t));
      }),
      { numRuns: 3_000 },
    );
  });
});
