import type { RouteDecision } from "./route-turn";

/** The `route` block of a reply (`POST /api/route-turn`, and pick-skill's when asked): no turn text, answers rounded. */
export function routeReply(decision: RouteDecision): Record<string, unknown> {
  if (decision.status === "fail_open") return { status: "fail_open", reason: decision.reason };
  const answers = Object.fromEntries(Object.entries(decision.answers).map(([k, v]) => [k, Math.round(v * 100) / 100]));
  return { status: "ok", tier: decision.tier, answers, source: decision.source };
}
