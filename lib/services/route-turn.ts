import { type JevConfig, loadConfig } from "../config";
import { judgeFor } from "../judges/create-judge";
import { routeReply } from "../routing/route-reply";
import { routeTurn } from "../routing/route-turn";
import { readRoutingConfig } from "../routing/routing-config";

/** `POST /api/route-turn`: one turn routed to a model tier on its own (selection spec §9), with how long it took. */
export async function routeTurnService(turn: string, config: JevConfig = loadConfig()): Promise<Record<string, unknown>> {
  const started = performance.now();
  const routing = readRoutingConfig(config.hermesHome);
  if ("problem" in routing || "problem" in config.judge) return { status: "fail_open", reason: "other" };
  const decision = await routeTurn(turn, judgeFor(config.judge), routing);
  return { ...routeReply(decision), latency_ms: Math.round(performance.now() - started) };
}
