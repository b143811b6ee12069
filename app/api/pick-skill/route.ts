import { getDb } from "@/db/client";
import { serializeReply } from "@/lib/engine/reply";
import { handle, readJson, requireToken } from "@/lib/http/handle";
import { routeReply } from "@/lib/routing/route-reply";
import { servePickSkill } from "@/lib/services/decisions/pick";
import { PickSkillBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const body = await readJson(request, PickSkillBody);
    const { reply, warnings, route } = await servePickSkill({ channel: "api", db: getDb() }, body);
    return new Response(serializeReply(reply, warnings, route && routeReply(route)), { headers: { "content-type": "application/json" } });
  });
}
