import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateSpans, genericSecretSpans, mayHoldGenericSecret } from "./generic-secret";

describe("generic secrets: the pre-check", () => {
  const namePart = fc.constantFrom(
    "api",
    "KEY",
    "Token",
    "secret",
    "PASS",
    "word",
    "Auth",
    "sig",
    "pat",
    "x",
    "stripe",
    "access",
    "db",
    "pwd",
    "Credentials",
    "nature",
  );
  const name = fc.array(namePart, { minLength: 1, maxLength: 3 }).chain((parts) => fc.constantFrom("_", "-", ".", "").map((sep) => parts.join(sep)));
  const separator = fc.constantFrom("=", ": ", " is ", " to ", " ", '="', "=>", "");
  const value = fc.oneof(fc.string({ unit: fc.constantFrom(..."aB3xZ9q+/=_~.-kP0"), minLength: 8, maxLength: 40 }), fc.uuid());
  const filler = fc.oneof(fc.constantFrom(" ", "\n", "please rotate ", "the ", "…"), fc.string({ maxLength: 5 }));
  const text = fc
    .array(
      fc.oneof(
        fc.tuple(name, separator, value).map((t) => t.join("")),
        filler,
      ),
      { maxLength: 5 },
    )
    .map((p) => p.join(""));

  it("never skips a text that holds a hit", () => {
    let hits = 0;
    fc.assert(
      fc.property(text, (t) => {
        const found = candidateSpans(t);
        if (found.length > 0) hits++;
        expect(genericSecretSpans(t)).toEqual(found);
        if (found.length > 0) expect(mayHoldGenericSecret(t)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
    expect(hits).toBeGreaterThan(500); // the generator does make hits
  });

  it("skips prose with no credential word or no long value", () => {
    expect(mayHoldGenericSecret("how do I rotate my logs every night?")).toBe(false);
    expect(mayHoldGenericSecret("what is an API key")).toBe(false);
    expect(mayHoldGenericSecret("deploy the service_account_manager")).toBe(false);
  });
});
