import { processWide } from "../collections";
import { type IndexBuildMode, LocalJudge } from "./local/local-judge";
import type { Judge, JudgeKind } from "./types";

/**
 * The judges of this process, on globalThis: Next.js loads this module once
 * for the start-up hook (which builds the first index) and again for the routes.
 */
const registry = processWide<{ judges: Map<JudgeKind, Judge>; mode: IndexBuildMode }>("jevJudges", () => ({ judges: new Map(), mode: "wait" }));

/** The server builds big indexes in the background (call before the first turn); one-shot processes build in the turn. */
export function buildIndexesInBackground(): void {
  registry.mode = "background";
  registry.judges.clear();
}

/** One judge per kind per process: the local judge's indexes live across turns. */
export function getJudge(kind: JudgeKind): Judge {
  let judge = registry.judges.get(kind);
  if (!judge) {
    judge = new LocalJudge(registry.mode);
    registry.judges.set(kind, judge);
  }
  return judge;
}
