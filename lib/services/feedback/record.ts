import { forgetHistory } from "../../../db/queries/shown-history";
import { recordFeedback } from "../../../db/queries/suggestions";
import { MINUTE_MS } from "../../base/time";
import type { FeedbackEvent } from "../../vocab/feedback-events";
import type { ServiceCtx } from "../context";
import { liveRules } from "../rules/rule-settings";

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
export async function recordAgentFeedback(ctx: ServiceCtx, input: FeedbackInput): Promise<{ attributed: boolean }> {
  const { db } = ctx;
  const now = ctx.clock();
  const rules = liveRules(ctx.config);
  const attributed = await recordFeedback(
    db,
    { sessionId: input.sessionId, skill: input.skill, event: input.event, at: input.at ?? now },
    rules.attribution_minutes * MINUTE_MS,
  );
  forgetHistory(db);
  return { attributed };
}
