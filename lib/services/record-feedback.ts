import type { Db } from "../../db/client";
import { forgetHistory } from "../../db/queries/shown-history";
import { recordFeedback } from "../../db/queries/suggestions";
import { type JevConfig, loadConfig } from "../config";
import { MINUTE_MS } from "../time";
import type { FeedbackEvent } from "../vocab/feedback-events";
import { liveRules } from "./rule-settings";

export interface FeedbackInput {
  sessionId: string;
  skill: string;
  event: FeedbackEvent;
  /** Epoch ms; defaults to now. */
  at?: number;
}

/**
 * Record an agent's report of a load or rejection. The session then counts as
 * one that reports loads (rule 2), and a load is attributed to its suggestion.
 */
export async function recordFeedbackService(
  db: Db,
  input: FeedbackInput,
  config: JevConfig = loadConfig(),
  now = Date.now(),
): Promise<{ attributed: boolean }> {
  const rules = liveRules(config);
  const attributed = await recordFeedback(
    db,
    { sessionId: input.sessionId, skill: input.skill, event: input.event, at: input.at ?? now },
    rules.attribution_minutes * MINUTE_MS,
  );
  forgetHistory(db);
  return { attributed };
}
