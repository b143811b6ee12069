import { JevError } from "../errors";
import { LocalJudge } from "./local/local-judge";
import { JUDGE_KINDS, type Judge, type JudgeKind } from "./types";

/**
 * The judge named by `JEV_JUDGE` (default `local`). The OpenAI-compatible
 * judge is specified (selection spec §9) but not built yet: asking for it is a
 * configuration error, never a silent fallback to another judge.
 */
export function judgeKindFromEnv(env: NodeJS.ProcessEnv = process.env): JudgeKind {
  const raw = (env.JEV_JUDGE || "local").trim();
  if (!(JUDGE_KINDS as readonly string[]).includes(raw)) {
    throw new JevError("bad_request", `JEV_JUDGE must be one of ${JUDGE_KINDS.join(", ")}`);
  }
  return raw as JudgeKind;
}

const judges = new Map<JudgeKind, Judge>();

/** One judge per kind per process: the local judge's indexes live across turns. */
export function getJudge(kind: JudgeKind): Judge {
  let judge = judges.get(kind);
  if (!judge) {
    if (kind !== "local") throw new JevError("bad_request", `JEV_JUDGE=${kind} is not available in this version; use local`);
    judge = new LocalJudge();
    judges.set(kind, judge);
  }
  return judge;
}
