import fs from "node:fs";
import path from "node:path";
import { seededRandom } from "../base/random";

/**
 * The secret-detection corpus (secret-corpus.txt): turns that carry a
 * credential and turns that only talk about one. Values are generated from
 * placeholders with a seeded generator, so every run checks the same strings
 * and no complete credential is stored in the repository.
 */
export interface CorpusCase {
  expect: "secret" | "clean";
  format: string;
  turn: string;
  line: number;
}

export const SECRET_CORPUS_FILE = path.join(import.meta.dirname, "secret-corpus.txt");

const CHARSETS: Record<string, string> = {
  a: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  l: "abcdefghijklmnopqrstuvwxyz0123456789",
  u: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  h: "0123456789abcdef",
  H: "0123456789ABCDEF",
  d: "0123456789",
  b: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  B: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
};

function expand(template: string, random: () => number): string {
  const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]).join("");
  return template
    .replace(/\\n/g, "\n")
    .replace(/\{U\}/g, () => [8, 4, 4, 4, 12].map((n) => pick(CHARSETS.h, n)).join("-"))
    .replace(/\{c:(\d+):([^}]+)\}/g, (_, n, chars) => pick(chars, Number(n)))
    .replace(/\{([a-zA-Z]):(\d+)\}/g, (whole, kind, n) => (CHARSETS[kind] ? pick(CHARSETS[kind], Number(n)) : whole));
}

export function loadSecretCorpus(seed = 1): CorpusCase[] {
  const random = seededRandom(seed);
  const cases: CorpusCase[] = [];
  fs.readFileSync(SECRET_CORPUS_FILE, "utf8")
    .split("\n")
    .forEach((text, i) => {
      if (!text.trim() || text.startsWith("#")) return;
      const [expect, format, template] = text.split("\t");
      if ((expect !== "secret" && expect !== "clean") || !format || !template)
        throw new Error(`secret-corpus.txt line ${i + 1}: expected <secret|clean> TAB <format> TAB <turn>`);
      cases.push({ expect, format, turn: expand(template, random), line: i + 1 });
    });
  return cases;
}
