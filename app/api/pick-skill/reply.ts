import { serializeReply } from "@/lib/engine/reply";
import { readJson } from "@/lib/http/handle";
import type { RouteHandler } from "@/lib/http/route-table";
import { routeReply } from "@/lib/routing/route-reply";
import { servePickSkill } from "@/lib/services/decisions";
import { PickSkillBody } from "./schema";

/** POST /api/pick-skill: whether this turn should load a skill, and which. */
export const pickSkillReply: RouteHandler = async (request, _params, ctx) => {
  const body = await readJson(request, PickSkillBody);
  const { reply, warnings, route } = await servePickSkill(ctx, { ...body, channel: "api" });
  return { status: 200, body: serializeReply(reply, warnings, route && routeReply(route)) };
};
