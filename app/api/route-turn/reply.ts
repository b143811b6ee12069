import { readJson } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { routeOneTurn } from "@/lib/services/routing";
import { RouteTurnBody } from "./schema";

/** POST /api/route-turn: the model tier a turn should go to. */
export const routeTurnReply: RouteHandler = async (request, _params, ctx) => {
  const body = await readJson(request, RouteTurnBody);
  return jsonReply(await routeOneTurn(ctx, { turn: body.turn }));
};
