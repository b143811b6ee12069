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

const SEGMENT_PHRASES = new Set([...ACKNOWLEDGEMENTS, ...SOCIAL_OPENERS]);
const WHOLE_TURN_PHRASES = new Set(WHOLE_TURN_ONLY);

const HAS_WORD_OR_NUMBER = /[\p{L}\p{N}]/u;
const NON_LATIN_LETTER = /(?=\p{L})\P{Script=Latin}/u;
const SEGMENT_BREAK = /[,.;:!?¡¿…]+/u;

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
  if (NON_LATIN_LETTER.test(text)) return false;
  if (/\p{N}/u.test(text)) return false;
  const whole = words(text);
  if (WHOLE_TURN_PHRASES.has(whole) || SEGMENT_PHRASES.has(whole)) return true;
  const segments = text
    .split(SEGMENT_BREAK)
    .map(words)
    .filter((s) => s !== "");
  return segments.length > 0 && segments.every((s) => SEGMENT_PHRASES.has(s));
}
