import { LocalJudge } from "./local/local-judge";
import { JUDGE_KINDS, type Judge, type JudgeKind } from "./types";

/** Judges this version can run. The OpenAI-compatible judge (selection spec §9) is specified, not built yet. */
const AVAILABLE: readonly JudgeKind[] = ["local"];

/** `JEV_JUDGE` (default `local`) when this version can run it, else a one-line reason. */
export function judgeFromEnv(env: NodeJS.ProcessEnv = process.env): { kind: JudgeKind } | { problem: string } {
  const raw = (env.JEV_JUDGE || "local").trim();
  if (!(JUDGE_KINDS as readonly string[]).includes(raw)) return { problem: `JEV_JUDGE must be one of ${JUDGE_KINDS.join(", ")}` };
  if (!AVAILABLE.includes(raw as JudgeKind)) return { problem: `JEV_JUDGE=${raw} is not available in this version; use local` };
  return { kind: raw as JudgeKind };
}

const judges = new Map<JudgeKind, Judge>();

/** One judge per kind per process: the local judge's indexes live across turns. */
export function getJudge(kind: JudgeKind): Judge {
  let judge = judges.get(kind);
  if (!judge) {
    judge = new LocalJudge();
    judges.set(kind, judge);
  }
  return judge;
}
