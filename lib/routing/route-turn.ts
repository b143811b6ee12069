import { turnContext } from "../judges/turn-asking";
import type { Judge } from "../judges/types";
import { JudgeError } from "../judges/types";
import { analyseTurn, type TurnAnalysis } from "../text/turn-analysis";
import type { ReasonCode } from "../vocab/reason-codes";
import type { RouteAnswers } from "../vocab/route-questions";
import { featureAnswers } from "./features";
import type { RoutingConfig } from "./routing-config";
import { decideTier } from "./tier";

/** Where routing's answers came from: the judge on its own, the judge inside skill selection's request, or the turn's features. */
export type RouteSource = "judge" | "merged" | "features";

export type RouteDecision =
  | { status: "ok"; tier: string; answers: RouteAnswers; source: RouteSource; requests: number }
  | { status: "fail_open"; reason: ReasonCode; requests: number };

/** The decision for answers already in hand (merged into skill selection, or from features). */
export function routeFrom(answers: RouteAnswers, source: RouteSource, config: RoutingConfig): RouteDecision {
  return { status: "ok", tier: decideTier(answers, config), answers, source, requests: 0 };
}

/**
 * Route one turn on its own (selection spec §9). Nothing is sent when routing is configured for features, when the
 * judge cannot answer (the local judge), or when the turn looks secret or trivial: the turn's features answer
 * instead. Else the judge gets the redacted turn; a failure fails open with its reason code, and the caller keeps its
 * default model.
 */
export async function routeTurn(input: string | TurnAnalysis, judge: Judge, config: RoutingConfig): Promise<RouteDecision> {
  const turn = analyseTurn(input);
  if (config.source === "features" || !judge.route || turn.secret || turn.trivial) return routeFrom(featureAnswers(turn), "features", config);
  const asking = turnContext(judge);
  try {
    const answers = await judge.route({ turn: turn.redacted, signal: asking.signal, deadline: asking.deadline, meter: asking.meter });
    return { ...routeFrom(answers, "judge", config), requests: asking.meter.requests };
  } catch (err) {
    return { status: "fail_open", reason: err instanceof JudgeError ? err.reason : "other", requests: asking.meter.requests };
  } finally {
    asking.done();
  }
}

/**
 * Whether routing's questions may ride in skill selection's stage-1 request:
 * only when the judge answers them, routing asks the judge and is not private,
 * merging is on, and the turn would be sent anyway (never a secret-looking one).
 */
export function mayMerge(turn: string | TurnAnalysis, judge: Judge, config: RoutingConfig, mergeRequests: boolean): boolean {
  return mergeRequests && judge.route !== undefined && config.source === "judge" && !config.private && !analyseTurn(turn).secret;
}
