import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact } from "../privacy/redact";
import { loadSecretCorpus } from "../privacy/secret-corpus";
import { TurnAnalysis } from "./turn-analysis";

describe("TurnAnalysis.redacted", () => {
  it("is redact's text for every turn of the secret corpus, secret or clean", () => {
    const cases = loadSecretCorpus();
    expect(cases.some((c) => c.expect === "clean") && cases.some((c) => c.expect === "secret")).toBe(true);
    for (const { turn, line } of cases) expect(new TurnAnalysis(turn).redacted, `secret-corpus.txt line ${line}`).toBe(redact(turn));
  });

  it("is redact's text for turns pieced together from secrets, personal data and prose", () => {
    const corpus = loadSecretCorpus().map((c) => c.turn);
    const piece = fc.oneof(
      fc.constantFrom(...corpus),
      fc.constantFrom("jane.doe@example.org", "+44 20 7946 0958", "10.0.0.12", "password = ", "token ", "Bearer ", "https://bob:", "@git.example.com"),
      fc.string({ maxLength: 24 }),
      fc.stringMatching(/^[A-Za-z0-9+/=_-]{8,40}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.constantFrom(" ", "", "\n", ": "), (pieces, glue) => {
        const turn = pieces.join(glue);
        expect(new TurnAnalysis(turn).redacted).toBe(redact(turn));
      }),
      { numRuns: 2_000 },
    );
  });
});
