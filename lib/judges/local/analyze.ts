import { stem } from "porter2";
import { eng as ENGLISH_STOP_WORDS } from "stopword";

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

/** A plural acronym ("PDFs", "APIs", "LLMs"): its singular, so the camel-case split below cannot cut it. */
const PLURAL_ACRONYM = /(?<![\p{L}\p{N}])(\p{Lu}{2,})s(?![\p{L}\p{N}])/gu;

/** Split identifiers so "CompanyInfoTool", "company_info" and "company-info" share words. */
function splitIdentifiers(text: string): string {
  return text
    .replace(PLURAL_ACRONYM, "$1")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`));
}

/** Lower-case words and numbers, identifiers split, stop words dropped. Unstemmed. */
export function contentWords(text: string): string[] {
  const words = splitIdentifiers(text.normalize("NFKC"))
    .toLowerCase()
    .replace(/['’]/g, "")
    .match(/[\p{L}\p{N}]+/gu);
  if (!words) return [];
  return words.filter((w) => !STOP_WORDS.has(w));
}

const stemCache = new Map<string, string>();

/** Porter2 stem for Latin words (cached); other scripts and numbers pass unchanged. */
export function stemWord(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = /^[a-z]+$/.test(word) ? stem(word) : word;
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** The terms BM25 indexes and queries: content words, stemmed. */
export function terms(text: string): string[] {
  return contentWords(text).map(stemWord);
}
