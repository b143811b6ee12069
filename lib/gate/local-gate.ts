/**
 * The local gate (selection spec §2): turns answered on the machine in 0 ms.
 * Deliberately narrow: a false "skip" silently disables the feature, a false
 * "ask" costs one cheap ranking. Only whole turns made of phrases listed here
 * are skipped; any other word, any number and any non-Latin letter means "ask".
 */

const ACKNOWLEDGEMENTS = [
  "ok",
  "okay",
  "k",
  "kk",
  "okey",
  "ok thanks",
  "okay thanks",
  "ok thank you",
  "okay thank you",
  "thanks",
  "thank you",
  "thx",
  "ty",
  "thanks a lot",
  "thank you so much",
  "thanks so much",
  "many thanks",
  "cheers",
  "great",
  "great thanks",
  "perfect",
  "nice",
  "cool",
  "awesome",
  "excellent",
  "good",
  "very good",
  "sounds good",
  "looks good",
  "lgtm",
  "got it",
  "gotcha",
  "understood",
  "noted",
  "makes sense",
  "that worked",
  "it worked",
  "that works",
  "it works",
  "works",
  "worked",
  "works now",
  "that did it",
  "all good",
  "never mind",
  "nevermind",
  "nvm",
  "no worries",
  "no problem",
  "np",
  "yes",
  "yep",
  "yeah",
  "yup",
  "sure",
  "no",
  "nope",
  "alright",
  "all right",
  "fine",
  "go ahead",
  "yes go ahead",
  "ok go ahead",
  "okay go ahead",
  "sure go ahead",
  "yes please",
  "please do",
];

const SOCIAL_OPENERS = [
  "hi",
  "hello",
  "hey",
  "hiya",
  "howdy",
  "hi there",
  "hello there",
  "hey there",
  "good morning",
  "good afternoon",
  "good evening",
  "how are you",
  "how are you doing",
  "how are you today",
  "how are you doing today",
  "hows it going",
  "how is it going",
  "whats up",
  "sup",
];

/** Phrases that are trivial only as the whole turn, never as one part of it. */
const WHOLE_TURN_ONLY = ["stop", "next", "next one"];

/** Phrases a trivial turn is made of, segment by segment. */
export const SEGMENT_PHRASES: ReadonlySet<string> = new Set([...ACKNOWLEDGEMENTS, ...SOCIAL_OPENERS]);
/** Phrases trivial only as the whole turn. */
export const WHOLE_TURN_PHRASES: ReadonlySet<string> = new Set(WHOLE_TURN_ONLY);

const HAS_WORD_OR_NUMBER = /[\p{L}\p{N}]/u;
const NON_LATIN_LETTER = /(?=\p{L})\P{Script=Latin}/u;
const SEGMENT_BREAK = /[,.;:!?¡¿…]+/u;
const NON_ASCII = /[\u0080-\uffff]/; // any UTF-16 unit past ASCII
const ASCII_DIGIT = /[0-9]/;
const ANY_DIGIT = /\p{N}/u;

const MAX_PHRASE_ALPHANUMERICS = Math.max(...[...SEGMENT_PHRASES, ...WHOLE_TURN_PHRASES].map((p) => p.replace(/ /g, "").length));

/** ASCII letters and digits in `text`. */
function alphanumerics(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) n++;
  }
  return n;
}

/** Lower-case words of one segment; apostrophes dropped so "what's" matches "whats". */
function words(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when the turn needs no ranking at all. */
export function isTrivialTurn(turn: string): boolean {
  const text = turn.normalize("NFKC").trim();
  if (!HAS_WORD_OR_NUMBER.test(text)) return true; // punctuation, emoji or nothing
  // An ASCII turn (most) has no non-Latin letter and no digit outside 0-9: the Unicode scans are skipped.
  const ascii = !NON_ASCII.test(text);
  if (!ascii && NON_LATIN_LETTER.test(text)) return false;
  if (ASCII_DIGIT.test(text) || (!ascii && ANY_DIGIT.test(text))) return false;
  // An ASCII turn keeps every letter in `words`: one with more letters than the longest phrase is not one.
  if (!ascii || alphanumerics(text) <= MAX_PHRASE_ALPHANUMERICS) {
    const whole = words(text);
    if (WHOLE_TURN_PHRASES.has(whole) || SEGMENT_PHRASES.has(whole)) return true;
  }
  // Segment by segment, stopping at the first that is not a phrase (most turns: the first).
  let phrases = 0;
  for (const segment of text.split(SEGMENT_BREAK)) {
    if (ascii && alphanumerics(segment) > MAX_PHRASE_ALPHANUMERICS) return false;
    const w = words(segment);
    if (w === "") continue;
    if (!SEGMENT_PHRASES.has(w)) return false;
    phrases++;
  }
  return phrases > 0;
}
