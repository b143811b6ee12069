import { handle, readJson, requireToken } from "@/lib/http/handle";
import { routeTurnService } from "@/lib/services/route-turn";
import { RouteTurnBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const body = await readJson(request, RouteTurnBody);
    return Response.json(await routeTurnService(body.turn));
  });
}
