import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCatalogLines } from "../../../eval/formats";
import { FIXTURES } from "../../../testing/fixtures";
import { terms } from "../../../text/analyze";
import { TermCounter } from "./term-counter";

/** What a count must equal: `terms(text)` tallied in first-seen order. */
function tallied(text: string) {
  const byTerm = new Map<string, number>();
  const all = terms(text);
  for (const t of all) byTerm.set(t, (byTerm.get(t) ?? 0) + 1);
  return { terms: [...byTerm.keys()], counts: [...byTerm.values()], length: all.length };
}

const asPlain = (c: { terms: string[]; counts: Int32Array; length: number }) => ({ terms: c.terms, counts: [...c.counts], length: c.length });

describe("TermCounter", () => {
  it("counts the terms `terms` gives, on every text the fixtures hold", () => {
    const counter = new TermCounter();
    for (const s of readCatalogLines(FIXTURES.publicSkillBodies)) {
      for (const text of [s.name, s.description, s.body ?? ""]) expect(asPlain(counter.count(text))).toEqual(tallied(text));
    }
  });

  it("counts the same after its table of words starts again, and the table stays bounded", () => {
    const counter = new TermCounter(50);
    const words = fc.constantFrom(..."Deploying deploy PDFs the HTTPServer don't 生成 Excel İstanbul ΟΔΟΣ v2 a1b2 merge merging".split(" "));
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { maxLength: 60 }), (parts) => {
        const text = parts.join(" ");
        expect(asPlain(counter.count(text))).toEqual(tallied(text));
        expect(counter.wordsKnown).toBeLessThanOrEqual(50 + 60 * 3);
      }),
      { numRuns: 2000 },
    );
  });
});
