import { judgeFor } from "../../judges/create-judge";
import { routeReply } from "../../routing/route-reply";
import { routeTurn } from "../../routing/route-turn";
import { readRoutingConfig } from "../../routing/routing-config";
import type { ServiceCtx } from "../context";

/** `POST /api/route-turn`: one turn routed to a model tier on its own (selection spec §9), with how long it took. */
export async function routeOneTurn(ctx: Pick<ServiceCtx, "config">, input: { turn: string }): Promise<Record<string, unknown>> {
  const { config } = ctx;
  const { turn } = input;
  const started = performance.now();
  const routing = readRoutingConfig(config.hermesHome);
  if ("problem" in routing || "problem" in config.judge) return { status: "fail_open", reason: "other" };
  const decision = await routeTurn(turn, judgeFor(config.judge), routing);
  return { ...routeReply(decision), latency_ms: Math.round(performance.now() - started) };
}
