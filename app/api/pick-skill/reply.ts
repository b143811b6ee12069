import { serializeReply } from "@/lib/engine/reply";
import type { AnyRequest } from "@/lib/http/api-request";
import { readJson, requireToken } from "@/lib/http/handle";
import { type JsonReply, replying } from "@/lib/http/json-reply";
import { routeReply } from "@/lib/routing/route-reply";
import { servePickSkill } from "@/lib/services/decisions/pick";
import { PickSkillBody } from "./schema";

/** POST /api/pick-skill: the route's one definition, served by Next.js (route.ts) and by the front door (server/direct-routes). */
export function pickSkillReply(request: AnyRequest): Promise<JsonReply> {
  return replying(async () => {
    const { config, db } = await requireToken(request);
    const body = await readJson(request, PickSkillBody);
    const { reply, warnings, route } = await servePickSkill({ channel: "api", db, config }, body);
    return { status: 200, body: serializeReply(reply, warnings, route && routeReply(route)) };
  });
}
