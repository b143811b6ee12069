import { stem } from "porter2";
import { eng as ENGLISH_STOP_WORDS } from "stopword";
import { wordsOf } from "./words";

/**
 * Words that carry no topic in skill descriptions or agent turns: the
 * boilerplate of "Use this skill when the user asks…". Measured on MetaTool
 * (`jev eval` on fixtures/metatool): dropping them was the largest single gain.
 */
const SKILL_BOILERPLATE = [
  "use",
  "used",
  "uses",
  "using",
  "user",
  "users",
  "skill",
  "skills",
  "when",
  "whenever",
  "need",
  "needs",
  "needed",
  "help",
  "helps",
  "helping",
  "request",
  "requests",
  "requested",
  "ask",
  "asks",
  "asked",
  "asking",
  "want",
  "wants",
  "wanted",
  "please",
  "like",
  "would",
  "could",
  "can",
  "also",
  "etc",
  "eg",
  "ie",
  "via",
  "trigger",
  "triggers",
  "triggered",
  "able",
  "let",
  "lets",
  "me",
  "my",
  "i",
  "im",
  "ive",
  "id",
  "you",
  "your",
  "youre",
  "this",
  "that",
  "these",
  "those",
  "get",
  "gets",
  "make",
  "makes",
  "provide",
  "provides",
  "provided",
  "any",
  "some",
  "one",
  "new",
  "should",
  "must",
  "will",
  "may",
  "might",
  "tell",
  "show",
  "give",
  "find",
  "know",
];

const STOP_WORDS = new Set<string>([...ENGLISH_STOP_WORDS, ...SKILL_BOILERPLATE]);

/**
 * A lone digit names nothing: it is what "Q3", "v2" and "step 3" leave once
 * identifiers are split, and a body full of numbered steps matched every
 * turn that mentioned a quarter or a version. Lone letters stay: R and C are
 * languages (dropping them cost two points on the description set).
 */
const LONE_CHARACTER = /^[0-9]$/;

export const isStopWord = (word: string) => STOP_WORDS.has(word) || LONE_CHARACTER.test(word);

/** Lower-case words and numbers, identifiers split, stop words dropped. Unstemmed. */
export function contentWords(text: string): string[] {
  return wordsOf(text).filter((w) => !isStopWord(w));
}

/**
 * A plural of a word with no vowel: a file type or an acronym typed in lower
 * case ("pdfs", "csvs", "urls", "llms"). Porter2 strips a final "s" only after
 * a vowel, so "pdfs" stayed a term of its own that no description holds.
 */
const VOWELLESS_PLURAL = /^[bcdfghjklmnpqrstvwxz]{2,}s$/;

// copy-local: a pure memo (word → stem); a second copy costs only its memory.
const stemCache = new Map<string, string>();

/** Porter2 stem for Latin words (cached); other scripts and numbers pass unchanged. */
export function stemWord(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = VOWELLESS_PLURAL.test(word) ? word.slice(0, -1) : /^[a-z]+$/.test(word) ? stem(word) : word;
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** A text's terms, each once with its count, and how many there were in all: what an index keeps of a field. */
export interface TermCounts {
  terms: string[];
  counts: Int32Array;
  length: number;
}

/** The terms BM25 indexes and queries: content words, stemmed. */
export function terms(text: string): string[] {
  return contentWords(text).map(stemWord);
}
