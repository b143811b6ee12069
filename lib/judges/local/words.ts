/**
 * The words of a text as the local judge reads them, in one pass over its
 * characters: NFKC, a plural acronym ("APIs") read as its singular,
 * identifiers split ("CompanyInfoTool", "HTTPServer", "v2"), lower case,
 * apostrophes dropped ("don't" → "dont"), runs of letters and digits kept.
 * It gives exactly what the four Unicode regex passes it replaced gave (but
 * for Greek final sigma, folded into σ)
 * (words.test.ts holds them as the oracle) at a fraction of the cost: skill
 * bodies made tokenizing the bulk of building an index.
 */

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
/** A letter that is neither (Lt, Lm, Lo: CJK, Arabic, …). */
const LETTER = 3;
const DIGIT = 4;
const APOSTROPHE = 5;

const ASCII_KINDS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_KINDS[c] = c >= 65 && c <= 90 ? UPPER : c >= 97 && c <= 122 ? LOWER : c >= 48 && c <= 57 ? DIGIT : c === 39 ? APOSTROPHE : OTHER;
}
const wideKinds = new Map<number, number>();

function kindOf(codePoint: number): number {
  if (codePoint < 128) return ASCII_KINDS[codePoint];
  let kind = wideKinds.get(codePoint);
  if (kind === undefined) {
    const ch = String.fromCodePoint(codePoint);
    kind =
      codePoint === 0x2019
        ? APOSTROPHE
        : /\p{Lu}/u.test(ch)
          ? UPPER
          : /\p{Ll}/u.test(ch)
            ? LOWER
            : /\p{L}/u.test(ch)
              ? LETTER
              : /\p{N}/u.test(ch)
                ? DIGIT
                : OTHER;
    if (wideKinds.size < 65_536) wideKinds.set(codePoint, kind);
  }
  return kind;
}

const isLetter = (kind: number) => kind === UPPER || kind === LOWER || kind === LETTER;
const LOWER_S = 115;

/** Kinds of the current run's code points, and where each starts in the text (reused across calls). */
let runKinds = new Uint8Array(256);
let runStarts = new Int32Array(257);

/** Lower-cased words and numbers of `text`, in order, stop words included. */
export function wordsOf(text: string): string[] {
  const s = text.normalize("NFKC");
  // Words are cut from the lower-cased text when lower-casing keeps every offset (nearly always), else each is lower-cased alone.
  const lowered = s.toLowerCase();
  const from = lowered.length === s.length ? lowered : null;
  const out: string[] = [];
  /** The word an apostrophe may still extend ("don" in "don't"). */
  let carry: string | null = null;
  let afterApostrophe = false;
  let n = 0; // code points in the current run
  let plain = true; // the run is lower-case letters only: one piece, no cut to look for

  const flushRun = (end: number) => {
    if (n === 0) return;
    runStarts[n] = end;
    const pieces = plain ? [(from ?? s).slice(runStarts[0], end)] : splitRun(from ?? s, s, n);
    if (carry !== null && afterApostrophe) pieces[0] = carry + pieces[0];
    else if (carry !== null) out.push(carry);
    for (let p = 0; p < pieces.length - 1; p++) out.push(pieces[p]);
    carry = pieces[pieces.length - 1];
    n = 0;
    plain = true;
    afterApostrophe = false;
  };

  for (let i = 0; i < s.length; ) {
    const code = s.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    const kind = kindOf(code);
    if (kind === APOSTROPHE) {
      flushRun(i);
      afterApostrophe = carry !== null;
    } else if (kind === OTHER) {
      flushRun(i);
      if (carry !== null) out.push(carry);
      carry = null;
      afterApostrophe = false;
    } else {
      if (n + 1 >= runKinds.length) {
        runKinds = grow(runKinds, new Uint8Array(runKinds.length * 2));
        runStarts = grow(runStarts, new Int32Array(runStarts.length * 2));
      }
      runKinds[n] = kind;
      runStarts[n] = i;
      n++;
      if (kind !== LOWER) plain = false;
    }
    i += width;
  }
  flushRun(s.length);
  if (carry !== null) out.push(carry);
  if (!from) return lowerCased(out);
  return from.includes("ς") ? foldFinalSigma(out) : out;
}

function grow<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The current run (runKinds/runStarts, `count` code points) cut where the identifier rules cut it, sliced from `from`. */
function splitRun(from: string, s: string, count: number): string[] {
  const kinds = runKinds;
  let n = count;
  // A plural acronym: the whole run is two or more capitals and an "s".
  if (n >= 3 && s.charCodeAt(runStarts[n - 1]) === LOWER_S && allUpper(n - 1)) n--;
  const cut = new Uint8Array(n + 1);
  for (let j = 1; j < n; j++) {
    if (kinds[j - 1] === LOWER && kinds[j] === UPPER)
      cut[j] = 1; // camelCase
    else if (kinds[j - 1] === UPPER && kinds[j] === UPPER && j + 1 < n && kinds[j + 1] === LOWER) cut[j] = 1; // HTTPServer
  }
  // Letters next to digits, scanned left to right as a global replace does: a matched pair is not looked at again.
  for (let j = 0; j + 1 < n; ) {
    const a = kinds[j];
    const b = kinds[j + 1];
    if ((isLetter(a) && b === DIGIT) || (a === DIGIT && isLetter(b))) {
      cut[j + 1] = 1;
      j += 2;
    } else j++;
  }
  const pieces: string[] = [];
  let start = 0;
  for (let j = 1; j <= n; j++) {
    if (j === n || cut[j]) {
      pieces.push(from.slice(runStarts[start], runStarts[j]));
      start = j;
    }
  }
  return pieces;
}

function allUpper(count: number): boolean {
  for (let j = 0; j < count; j++) if (runKinds[j] !== UPPER) return false;
  return true;
}

/**
 * Lower case, with Greek final sigma folded into σ: lower-casing a word alone
 * cannot see the context that picks ς, and folding makes "ΟΔΟΣ" and "οδος"
 * one word anyway. The rare letter whose lower case is not a letter (İ → i +
 * a combining dot) splits there, as a regex match would.
 */
function foldFinalSigma(words: string[]): string[] {
  for (let i = 0; i < words.length; i++) if (words[i].includes("ς")) words[i] = words[i].replaceAll("ς", "σ");
  return words;
}

function lowerCased(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    let lower = w.toLowerCase();
    if (lower.includes("ς")) lower = lower.replaceAll("ς", "σ");
    if (lower.length === w.length || /^[\p{L}\p{N}]+$/u.test(lower)) out.push(lower);
    else for (const part of lower.match(/[\p{L}\p{N}]+/gu) ?? []) out.push(part);
  }
  return out;
}
