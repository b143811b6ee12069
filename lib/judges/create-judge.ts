import { LocalJudge } from "./local/local-judge";
import type { Judge, JudgeKind } from "./types";

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
