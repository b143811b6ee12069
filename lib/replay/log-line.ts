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

/** A line as an event, or what is wrong with it (never the line's text: logs may be shared). */
export function parseReplayLine(text: string): ReplayEvent | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: "not JSON" };
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
