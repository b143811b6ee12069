import { afterAll, describe, expect, it } from "vitest";
import type { SkillCard } from "../../../catalog/types";
import { readCatalogFile } from "../../../eval/formats";
import { FIXTURES } from "../../../testing/fixtures";
import { LocalIndex } from "../local-index";
import { fieldTermsOf } from "./bm25f";
import { isTokenized } from "./card-tokens";
import { cardGramsOf } from "./char-ngrams";
import * as parallel from "./parallel-tokenize";

const catalog = readCatalogFile(FIXTURES.publicSkillBodies);
/** New card objects: nothing tokenized yet. */
const fresh = (): SkillCard[] => catalog.map((card) => ({ ...card }));
const tokensOf = (card: SkillCard) => ({ terms: fieldTermsOf(card), grams: cardGramsOf(card) });
const plain = (card: SkillCard) => {
  const { terms, grams } = tokensOf(card);
  return {
    terms: terms.terms,
    counts: [[...terms.name], [...terms.description], [...terms.body]],
    lengths: terms.lengths,
    grams: grams.grams,
    gramCounts: [...grams.counts],
  };
};

afterAll(() => parallel.stopTokenizingWorker());

describe("tokenizeInParallel", () => {
  it("tokenizes a big catalog on a worker and this thread, exactly as one thread does", async () => {
    const cards = fresh();
    await parallel.tokenizeInParallel(cards);
    expect(parallel.lastTokenizing).toBe("two threads");
    expect(cards.every(isTokenized)).toBe(true);
    const reference = fresh();
    for (let i = 0; i < cards.length; i++) expect(plain(cards[i])).toEqual(plain(reference[i]));
    // And the index of the cards tokenized on two threads scores exactly as the other.
    const two = LocalIndex.from(cards);
    const one = LocalIndex.from(reference);
    for (const turn of ["merge two pdf files into one", "deploy my app to kubernetes", "書類を翻訳して"]) {
      expect(two.evidence(turn)).toEqual(one.evidence(turn));
    }
  }, 60_000);

  it("tokenizes everything on this thread when the worker stops mid-way, and starts a new worker next time", async () => {
    const cards = fresh();
    const done = parallel.tokenizeInParallel(cards);
    await parallel.stopTokenizingWorker();
    await done;
    expect(parallel.lastTokenizing).toBe("this thread");
    expect(cards.every(isTokenized)).toBe(true);
    await parallel.tokenizeInParallel(fresh());
    expect(parallel.lastTokenizing).toBe("two threads");
  }, 60_000);

  it("keeps small catalogs on this thread", async () => {
    await parallel.tokenizeInParallel(fresh().slice(0, 5));
    expect(parallel.lastTokenizing).toBe("this thread");
  });
});
