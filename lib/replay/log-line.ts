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
 * The line exactly as `replayLine` and the export write it: keys in this
 * order, no whitespace, values free of quotes, backslashes and control
 * characters, and `ts` as `toISOString` writes it. Read without JSON.parse or
 * Date.parse, which are most of the cost of a million lines; anything else
 * goes the general way, and both give the same event.
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

function digits(s: string, from: number, n: number): number {
  let v = 0;
  for (let i = from; i < from + n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    v = v * 10 + d;
  }
  return v;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DDTHH:MM:SS.sssZ` (toISOString's form) in epoch ms; NaN for anything else (the general path decides). */
function isoUtcMillis(s: string): number {
  // Straight-line on purpose: no closures or iterators on a path taken a million times.
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return Number.NaN;
  if (s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return Number.NaN;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const sec = digits(s, 17, 2);
  const ms = digits(s, 20, 3);
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= DAYS_IN_MONTH[mo - 1] && h <= 23 && mi <= 59 && sec <= 59 && ms >= 0)) return Number.NaN;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return Number.NaN;
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms);
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
