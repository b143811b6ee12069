import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../../catalog/types";
import { CharNgramIndex } from "./char-ngrams";

const card = (i: number, description: string): SkillCard => ({ name: `s${i}`, description, path: `/skills/s${i}/SKILL.md` }) as SkillCard;

function cosines(descriptions: string[], query: string[]): Float64Array {
  const index = new CharNgramIndex();
  descriptions.forEach((d, i) => {
    index.add(i, card(i, d));
  });
  const stats = index.stats(Int32Array.from(descriptions.keys()), descriptions.length);
  return index.cosine(query, stats, new Float64Array(descriptions.length));
}

describe("CharNgramIndex.cosine and n-grams most skills share", () => {
  // Unique words made of letters only (the n-grams of digits would be shared by many).
  const word = (i: number) => `q${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}z`;

  it("gives an n-gram held by over a fifth of a large catalog no weight: a turn of only that word scores nothing", () => {
    const descriptions = Array.from({ length: 300 }, (_, i) => `${i % 2 ? "spreadsheet" : ""} ${word(i)}`);
    expect(Math.max(...cosines(descriptions, ["spreadsheet"]))).toBe(0);
    // A word few skills have still finds its skill, and the shared word changes no one's score.
    const scores = cosines(descriptions, ["spreadsheet", word(7)]);
    expect(scores.indexOf(Math.max(...scores))).toBe(7);
    expect(scores).toEqual(cosines(descriptions, [word(7)]));
  });

  it("keeps it in a small catalog, where a fifth of the reference size is more than all its skills", () => {
    const descriptions = Array.from({ length: 12 }, (_, i) => `${i % 2 ? "spreadsheet" : ""} ${word(i)}`);
    const scores = cosines(descriptions, ["spreadsheet"]);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[0]).toBe(0);
  });
});

describe("CharNgramIndex.cosine, turn after turn", () => {
  it("scores each query as an index asked it first does (its counts start from zero every time)", () => {
    const descriptions = ["merge pdf files", "split pdf pages", "resize images in bulk", "translate japanese text 日本語"];
    const queries = [["merge", "merge", "pdfs"], ["unheardof", "zzzq", "merge"], ["日本語", "translate"], [], ["pdf", "pages", "pages"]];
    const index = new CharNgramIndex();
    descriptions.forEach((d, i) => {
      index.add(i, card(i, d));
    });
    const stats = index.stats(Int32Array.from(descriptions.keys()), descriptions.length);
    const asked = [...queries, ...queries].map((q) => index.cosine(q, stats, new Float64Array(descriptions.length)));
    queries.forEach((q, i) => {
      expect(asked[i]).toEqual(cosines(descriptions, q));
      expect(asked[i + queries.length]).toEqual(asked[i]);
    });
    expect(asked[0][0]).toBeGreaterThan(asked[0][1]);
  });

  it("scores the same after a turn of more words than it keeps n-gram ids for (the cache starts over between turns)", () => {
    const descriptions = ["merge pdf files", "split pdf pages", "resize images in bulk"];
    const index = new CharNgramIndex();
    descriptions.forEach((d, i) => {
      index.add(i, card(i, d));
    });
    const stats = index.stats(Int32Array.from(descriptions.keys()), descriptions.length);
    const ask = (q: string[]) => index.cosine(q, stats, new Float64Array(descriptions.length));
    const many = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}q`);
    const query = ["merge", "unheardof", "pdf"];
    const first = ask(query);
    expect(ask([...many, ...query])).toEqual(cosines(descriptions, [...many, ...query]));
    expect(ask(query)).toEqual(first);
    expect(ask(["unheardof", "pages"])).toEqual(cosines(descriptions, ["unheardof", "pages"]));
  });
});

describe("CharNgramIndex.cosine after the skills change", () => {
  it("scores as a fresh index once skills with new n-grams come and go (no word's n-grams are remembered stale)", () => {
    const index = new CharNgramIndex();
    const descriptions = ["merge pdf files", "resize images"];
    descriptions.forEach((d, i) => {
      index.add(i, card(i, d));
    });
    const ask = (held: string[]) => index.cosine(["zebra", "pdf"], index.stats(Int32Array.from(held.keys()), held.length), new Float64Array(held.length));
    expect(ask(descriptions)[0]).toBeGreaterThan(0); // "zebra" unseen so far: its n-grams only weigh in the norm
    index.add(2, card(2, "zebra crossing guide"));
    expect(ask([...descriptions, "zebra crossing guide"])).toEqual(cosines([...descriptions, "zebra crossing guide"], ["zebra", "pdf"]));
    index.remove(2);
    index.remove(0);
    index.add(0, card(0, "zebra pdf atlas"));
    expect(ask(["zebra pdf atlas", "resize images"])).toEqual(cosines(["zebra pdf atlas", "resize images"], ["zebra", "pdf"]));
  });
});
