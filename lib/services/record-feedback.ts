import type { Db } from "../../db/client";
import { recordFeedback } from "../../db/queries/suggestions";
import { resolveHermesHome } from "../catalog/expand-path";
import { MINUTE_MS } from "../time";
import type { FeedbackEvent } from "../vocab/feedback-events";
import { liveRules } from "./engine-state";
import { forgetHistory } from "./suggestion-history";

export interface FeedbackInput {
  sessionId: string;
  skill: string;
  event: FeedbackEvent;
  /** Epoch ms; defaults to now. */
  at?: number;
}

/** Record an agent's report of a load or rejection; a load is attributed to its suggestion. */
export function recordFeedbackService(db: Db, input: FeedbackInput, env: NodeJS.ProcessEnv = process.env, now = Date.now()): { attributed: boolean } {
  const rules = liveRules(resolveHermesHome(undefined, env));
  const attributed = recordFeedback(
    db,
    { sessionId: input.sessionId, skill: input.skill, event: input.event, at: input.at ?? now },
    rules.attribution_minutes * MINUTE_MS,
  );
  if (attributed) forgetHistory(db);
  return { attributed };
}
