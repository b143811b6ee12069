import { parseWith, readJson } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { bumpUsage } from "@/lib/services/usage";
import { UsageBody, UsageParams } from "./schema";

/** POST /api/skills/[name]/usage: bump a skill's Hermes usage record under the shared lock; answers the record. A full disk is 507, nothing counted. */
export const usageReply: RouteHandler = async (request, params, ctx) => {
  const name = parseWith(UsageParams, params).name;
  const { kind, request_id } = await readJson(request, UsageBody);
  return jsonReply(await bumpUsage(ctx, { name, kind, requestId: request_id }));
};
