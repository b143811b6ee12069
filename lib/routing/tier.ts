import type { RouteAnswers } from "../vocab/route-questions";
import type { RoutingConfig } from "./routing-config";

/** The tier routing's answers map to: hard first, then code, then simple, else the default tier. */
export function decideTier(answers: RouteAnswers, config: RoutingConfig): string {
  const { thresholds: t, tiers } = config;
  if (answers.hard >= t.hard) return tiers.hard;
  if (answers.code >= t.code) return tiers.code;
  if (answers.simple >= t.simple) return tiers.simple;
  return tiers.otherwise;
}
