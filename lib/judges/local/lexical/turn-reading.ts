import { contentWords, stemWord } from "../../../text/analyze";
import { LOCAL_JUDGE } from "../settings";

/** A turn as the local judge reads it: prose and code apart. */
export interface TurnReading {
  /** Each stemmed query term once, with its weight: 1 + ln(count) in prose, LOCAL_JUDGE.reading.codeTermWeight when only code has it. */
  terms: Map<string, number>;
  /** The unstemmed content words the character n-gram cosine reads. */
  ngramWords: string[];
  /** Share of the turn's non-blank characters that are code (fenced blocks, traces, code-looking lines), in [0, 1]. */
  codeShare: number;
}

/** Lines of a stack trace or a compiler's report, in the languages agents see most. */
const TRACE_LINE =
  /^\s*(?:Traceback \(most recent call last\)|File "[^"]*", line \d+|at [\w$.<>[\]]+ ?\(|at [\w$./\\-]+:\d+|\w+(?:Error|Exception|Warning)\b.*:|(?:error|warning)(?:\[\w+\])?: |--> \S+:\d+|#\d+ +0x[0-9a-f]+|panic: |goroutine \d+ )/i;
const FENCE = /^\s*(`{3,}|~{3,})/;
const CODE_SYMBOLS = /[{}();=<>[\]$&|\\]/g;

/** Whether a line outside a fence reads as code: a trace line, an indented block line, or mostly symbols. */
function looksLikeCode(line: string, visible: number, previousWasCode: boolean): boolean {
  if (TRACE_LINE.test(line)) return true;
  if (previousWasCode && /^(?: {4}|\t)\S/.test(line)) return true;
  const symbols = line.match(CODE_SYMBOLS)?.length ?? 0;
  return symbols >= 3 && symbols / Math.max(1, visible) >= 0.15;
}

/** Characters that are not white space (space, tab, CR, and the rest of \s). */
function visibleLength(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (!(c === 32 || (c >= 9 && c <= 13) || c === 160 || (c > 0x1fff && /\s/.test(line[i])))) n++;
  }
  return n;
}

/** Any sign of code at all; a turn without one is prose throughout (most turns: no line is looked at). */
const MAYBE_CODE = /[`~{}();=<>[\]$&|\\\t]|Error|Exception|Warning|Traceback|error|warning|panic|goroutine|^\s*at |\n {4}|-->|#\d/m;

/** Read a turn: its prose words count in full, its code's identifiers and error names once each and less. */
export function readTurn(turn: string): TurnReading {
  if (!MAYBE_CODE.test(turn)) return reading(contentWords(turn), [], 0);
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | null = null;
  let previousWasCode = false;
  let codeChars = 0;
  let allChars = 0;
  for (const line of turn.split("\n")) {
    const visible = visibleLength(line);
    allChars += visible;
    const marker = FENCE.exec(line)?.[1].slice(0, 3) ?? null;
    const isCode: boolean = marker !== null || fence !== null || looksLikeCode(line, visible, previousWasCode);
    if (marker) fence = fence === null ? marker : fence === marker ? null : fence;
    if (isCode) {
      code.push(line);
      codeChars += visible;
    } else prose.push(line);
    previousWasCode = isCode && visible > 0;
  }
  if (code.length === 0) return reading(contentWords(turn), [], 0);
  return reading(contentWords(prose.join("\n")), contentWords(code.join("\n")), allChars ? codeChars / allChars : 0);
}

function reading(proseWords: string[], codeWords: string[], codeShare: number): TurnReading {
  const terms = new Map<string, number>();
  for (const w of proseWords) {
    const t = stemWord(w);
    terms.set(t, (terms.get(t) ?? 0) + 1);
  }
  for (const [t, count] of terms) terms.set(t, 1 + Math.log(count));
  for (const w of codeWords) {
    const t = stemWord(w);
    if (!terms.has(t)) terms.set(t, LOCAL_JUDGE.reading.codeTermWeight);
  }
  const ngramWords = proseWords.length >= LOCAL_JUDGE.reading.minProseWords ? proseWords : [...proseWords, ...new Set(codeWords)];
  return { terms, ngramWords, codeShare };
}
