import { handle, readJson, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { routeOneTurn } from "@/lib/services/routing/route-turn";
import { RouteTurnBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const body = await readJson(request, RouteTurnBody);
    return Response.json(await routeOneTurn(liveCtx(), { turn: body.turn }));
  });
}
