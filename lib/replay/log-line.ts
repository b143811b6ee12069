import { z } from "zod";

/**
 * One line of a replay log (interfaces.md, "Replay log"):
 * `{"ts": ISO-8601, "session": "...", "kind": "suggest" | "load", "skill": "..."}`.
 */
export const REPLAY_KINDS = ["suggest", "load"] as const;
export type ReplayKind = (typeof REPLAY_KINDS)[number];

const ReplayLine = z.object({
  ts: z.string().min(1).max(64),
  session: z.string().min(1).max(256),
  kind: z.enum(REPLAY_KINDS),
  skill: z.string().min(1).max(256),
});

export interface ReplayEvent {
  at: number;
  session: string;
  kind: ReplayKind;
  skill: string;
}

const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

/**
 * The line exactly as `replayLine` and the export write it: keys in this order, no whitespace, values free of quotes,
 * backslashes and control characters, and `ts` as `toISOString` writes it. Read without JSON.parse or Date.parse,
 * which are most of the cost of a million lines; anything else goes the general way, and both give the same event.
 */
// Values: no quote, backslash or control character (JSON.parse decides those). Built from a string so the
// control-character range is spelled as escapes.
const VALUE = '[^"\\\\\\u0000-\\u001f]';
const CANONICAL = new RegExp(`^\\{"ts":"(${VALUE}{24})","session":"(${VALUE}{1,256})","kind":"(suggest|load)","skill":"(${VALUE}{1,256})"\\}$`);

function parseCanonical(text: string): ReplayEvent | null {
  const m = CANONICAL.exec(text);
  if (!m) return null;
  const at = isoUtcMillis(m[1]);
  return Number.isNaN(at) ? null : { at, session: m[2], kind: m[3] as ReplayKind, skill: m[4] };
}

/** The two-digit number at `i`, or -1 when either character is not a digit. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to a civil date (proleptic Gregorian; H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ` (toISOString's form) in epoch ms; NaN for
 * anything else (the general path decides). Integer arithmetic only, no Date
 * and no closures: this runs once per line of a million-line log.
 */
function isoUtcMillis(s: string): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return Number.NaN;
  if (s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return Number.NaN;
  const hi = two(s, 0);
  const lo = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  const h = two(s, 11);
  const mi = two(s, 14);
  const sec = two(s, 17);
  const msHi = two(s, 20);
  const msLo = s.charCodeAt(22) - 48;
  if (hi < 0 || lo < 0 || h < 0 || mi < 0 || sec < 0 || msHi < 0 || msLo < 0 || msLo > 9) return Number.NaN;
  const y = hi * 100 + lo;
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= DAYS_IN_MONTH[mo - 1] && h <= 23 && mi <= 59 && sec <= 59)) return Number.NaN;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return Number.NaN;
  return (((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 + sec) * 1000 + msHi * 10 + msLo;
}

/** A line as an event, or what is wrong with it (never the line's text: logs may be shared). */
export function parseReplayLine(text: string): ReplayEvent | { problem: string } {
  const canonical = parseCanonical(text);
  if (canonical) return canonical;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: "not JSON" };
  }
  // Fast path for the million well-formed lines: the same checks as ReplayLine, without building issues.
  const v = value as Record<string, unknown> | null;
  if (v && typeof v === "object" && isText(v.ts, 64) && isText(v.session, 256) && isText(v.skill, 256) && (v.kind === "suggest" || v.kind === "load")) {
    const at = Date.parse(v.ts);
    if (!Number.isNaN(at)) return { at, session: v.session, kind: v.kind, skill: v.skill };
  }
  const parsed = ReplayLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join(".") || "line";
    return { problem: issue.code === "invalid_type" && issue.input === undefined ? `${field}: missing` : `${field}: ${issue.message}` };
  }
  const at = Date.parse(parsed.data.ts);
  if (Number.isNaN(at)) return { problem: "ts: not an ISO-8601 time" };
  return { at, session: parsed.data.session, kind: parsed.data.kind, skill: parsed.data.skill };
}

/** One event as a log line, in the canonical form (the form parseReplayLine reads fastest). */
export function replayLine(e: ReplayEvent): string {
  return JSON.stringify({ ts: new Date(e.at).toISOString(), session: e.session, kind: e.kind, skill: e.skill });
}
