/**
 * The words of a text as the local judge reads them, in one pass: NFKC (and `readableText`'s folds), "APIs" read
 * as its singular, identifiers split ("CompanyInfoTool", "HTTPServer", "v2"), lower case, apostrophes dropped,
 * runs of letters and digits kept. Words go to a sink as spans of the lower-cased text (no string per word).
 */
// It gives exactly what the four Unicode regex passes it replaced gave, but for Greek final sigma (folded into σ):
// words.test.ts holds them as the oracle. Skill bodies made tokenizing the bulk of building an index.

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
// copy-local: a pure memo of character classes.
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

/** Shapes of a run so far (see Scanner.run). */
const LETTERS = 0;
const DIGITS = 1;
const CUT = 2;

const isLetter = (kind: number) => kind === UPPER || kind === LOWER || kind === LETTER;
const LOWER_S = 115;

/** Where words go: most as spans of the lower-cased text, a few (joined across an apostrophe, or lower-cased alone) as strings. */
export interface WordSink {
  span(text: string, start: number, end: number): void;
  word(word: string): void;
}

/** Latin letters with diacritics (Latin-1 to Extended-B, and the Vietnamese block). */
const MARKED_LATIN = /[\u00c0-\u024f\u1e00-\u1eff]/g;
const HAS_MARKED_LATIN = /[\u00c0-\u024f\u1e00-\u1eff]/;
/** Kana, CJK ideographs and Hangul: the cheap test before SCRIPT_SEAM's Unicode properties. */
const HAS_SPACELESS_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** A Latin letter next to a letter of a script written without spaces (Han, kana, Hangul): "PDFファイル". */
const SCRIPT_SEAM =
  /(\p{sc=Latin})(?=[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}])|([\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}])(?=\p{sc=Latin})/gu;

/**
 * The text the scanner reads: NFKC; Latin diacritics dropped, so "présentation" and "presentation" are one word
 * (other languages' cognates of the catalog's English words, and names typed either way); a Latin word glued to
 * Japanese, Chinese or Korean text cut off it, so "PDFファイル" reads "pdf" (product names, file types and libraries are
 * the same in every language). Text with neither passes unchanged at the cost of two tests.
 */
export function readableText(text: string): string {
  const s = text.normalize("NFKC");
  let out = HAS_MARKED_LATIN.test(s) ? s.replace(MARKED_LATIN, unmarked) : s;
  if (HAS_SPACELESS_SCRIPT.test(out)) out = out.replace(SCRIPT_SEAM, "$1$2 ");
  return out;
}

// copy-local: a pure memo of accent-stripped words.
const unmarkedCache = new Map<string, string>();
function unmarked(ch: string): string {
  let out = unmarkedCache.get(ch);
  if (out === undefined) {
    out = ch.normalize("NFD").replace(COMBINING_MARKS, "");
    unmarkedCache.set(ch, out);
  }
  return out;
}

/** Hand the words of `text` to `sink`, in order, stop words included. */
export function scanWords(text: string, sink: WordSink): void {
  const s = readableText(text);
  // Words are cut from the lower-cased text when lower-casing keeps every offset (nearly always), else each is lower-cased alone.
  const lowered = s.toLowerCase();
  if (lowered.length === s.length && !lowered.includes("ς")) {
    scanner.run(s, lowered, sink);
    return;
  }
  const words = new WordList();
  scanner.run(s, lowered.length === s.length ? lowered : s, words);
  const folded = lowered.length === s.length ? foldFinalSigma(words.words) : lowerCased(words.words);
  for (const w of folded) sink.word(w);
}

/** Lower-cased words and numbers of `text`, in order, stop words included. */
export function wordsOf(text: string): string[] {
  const list = new WordList();
  scanWords(text, list);
  return list.words;
}

class WordList implements WordSink {
  readonly words: string[] = [];
  span(text: string, start: number, end: number): void {
    this.words.push(text.slice(start, end));
  }
  word(word: string): void {
    this.words.push(word);
  }
}

/**
 * The pass itself. A run is a stretch of letters and digits; its pieces are
 * what the identifier rules cut it into. The last piece of a run is held
 * (the carry) until the next character shows whether an apostrophe joins it
 * to the next run's first piece.
 */
class Scanner {
  private s = "";
  private from = "";
  private sink: WordSink = new WordList();
  /** The carry: a span of `from`, or a string once joined; none when both are unset. */
  private carryStart = -1;
  private carryEnd = -1;
  private carryJoined: string | null = null;
  private afterApostrophe = false;
  /** Kinds of the current run's code points, and where each starts (only for runs that need cutting). */
  private kinds = new Uint8Array(256);
  private starts = new Int32Array(257);
  /** Piece boundaries of the current run: piece k is [cuts[k], cuts[k + 1]). */
  private cuts = new Int32Array(258);
  /** Whether the run is cut before code point j. */
  private cut = new Uint8Array(257);

  run(s: string, from: string, sink: WordSink): void {
    this.s = s;
    this.from = from;
    this.sink = sink;
    this.carryStart = -1;
    this.carryJoined = null;
    this.afterApostrophe = false;
    let runStart = -1;
    // Whether the run can be one piece: letters with no capital after the first and no digit, or digits only. Else it is cut.
    let shape = LETTERS;
    const length = s.length;
    // Locals: a module-level binding read in a hot loop costs a check per read.
    const asciiKinds = ASCII_KINDS;
    const [other, upper, digit, apostrophe, letters, digits, cut] = [OTHER, UPPER, DIGIT, APOSTROPHE, LETTERS, DIGITS, CUT];
    for (let i = 0; i < length; ) {
      let code = s.charCodeAt(i);
      let width = 1;
      let kind: number;
      if (code < 128) kind = asciiKinds[code];
      else {
        if (code >= 0xd800 && code <= 0xdbff) {
          code = s.codePointAt(i) as number;
          if (code > 0xffff) width = 2;
        }
        kind = kindOf(code);
      }
      if (kind === apostrophe || kind === other) {
        if (runStart >= 0) this.endRun(runStart, i, shape !== cut);
        runStart = -1;
        if (kind === apostrophe) this.afterApostrophe = this.hasCarry();
        else {
          this.emitCarry();
          this.afterApostrophe = false;
        }
      } else if (runStart < 0) {
        runStart = i;
        shape = kind === digit ? digits : letters;
      } else if (shape === letters ? kind === upper || kind === digit : shape === digits && kind !== digit) shape = cut;
      i += width;
      // The common case, in a tight loop: more lower-case ASCII letters in a run of letters (they change nothing).
      if (runStart >= 0 && shape !== digits) {
        while (i < length) {
          const c = s.charCodeAt(i);
          if (c < 97 || c > 122) break;
          i++;
        }
      }
    }
    if (runStart >= 0) this.endRun(runStart, length, shape !== cut);
    this.emitCarry();
    this.sink = NOWHERE;
  }

  private hasCarry(): boolean {
    return this.carryStart >= 0 || this.carryJoined !== null;
  }

  private emitCarry(): void {
    if (this.carryJoined !== null) this.sink.word(this.carryJoined);
    else if (this.carryStart >= 0) this.sink.span(this.from, this.carryStart, this.carryEnd);
    this.carryStart = -1;
    this.carryJoined = null;
  }

  private endRun(start: number, end: number, onePiece: boolean): void {
    const pieces = onePiece ? this.wholeRun(start, end) : this.cutRun(start, end);
    const cuts = this.cuts;
    let first = 0;
    if (this.hasCarry() && this.afterApostrophe) {
      const joined = (this.carryJoined ?? this.from.slice(this.carryStart, this.carryEnd)) + this.from.slice(cuts[0], cuts[1]);
      this.carryStart = -1;
      this.carryJoined = null;
      if (pieces === 1) {
        this.carryJoined = joined;
        this.afterApostrophe = false;
        return;
      }
      this.sink.word(joined);
      first = 1;
    } else this.emitCarry();
    for (let p = first; p < pieces - 1; p++) this.sink.span(this.from, cuts[p], cuts[p + 1]);
    this.carryStart = cuts[pieces - 1];
    this.carryEnd = cuts[pieces];
    this.afterApostrophe = false;
  }

  private wholeRun(start: number, end: number): number {
    this.cuts[0] = start;
    this.cuts[1] = end;
    return 1;
  }

  /** Cut a run where the identifier rules cut it; returns its piece count (boundaries in `cuts`). */
  private cutRun(start: number, end: number): number {
    let n = 0;
    for (let i = start; i < end; ) {
      const code = this.s.codePointAt(i) as number;
      if (n + 2 >= this.kinds.length) this.grow();
      this.kinds[n] = kindOf(code);
      this.starts[n] = i;
      n++;
      i += code > 0xffff ? 2 : 1;
    }
    this.starts[n] = end;
    const kinds = this.kinds;
    const starts = this.starts;
    // A plural acronym: the whole run is two or more capitals and an "s".
    if (n >= 3 && this.s.charCodeAt(starts[n - 1]) === LOWER_S && allUpper(kinds, n - 1)) n--;
    const cut = this.cut;
    cut.fill(0, 0, n + 1);
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
    let pieces = 0;
    this.cuts[0] = starts[0];
    for (let j = 1; j <= n; j++) if (j === n || cut[j]) this.cuts[++pieces] = starts[j];
    return pieces;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const starts = new Int32Array(size + 1);
    starts.set(this.starts);
    const cuts = new Int32Array(size + 2);
    cuts.set(this.cuts);
    this.cut = new Uint8Array(size + 1);
    this.kinds = kinds;
    this.starts = starts;
    this.cuts = cuts;
  }
}

const NOWHERE: WordSink = { span() {}, word() {} };
/** One scanner, reused: a scan never calls back into another (sinks only count or collect). */
const scanner = new Scanner();

function allUpper(kinds: Uint8Array, count: number): boolean {
  for (let j = 0; j < count; j++) if (kinds[j] !== UPPER) return false;
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
