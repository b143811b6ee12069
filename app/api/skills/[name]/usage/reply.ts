import { z } from "zod";
import { parseWith, readJson } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { bumpUsage } from "@/lib/services/usage";
import { UsageKind } from "@/lib/vocab/curator";

/** `request_id`: any string the client makes unique per bump; a retry with the same one is never counted twice. */
const UsageBody = z.object({ kind: UsageKind, request_id: z.string().min(1).max(128).optional() }).strict();
const SkillName = z.string().trim().min(1, "a skill name").max(256);

/** POST /api/skills/[name]/usage: bump a skill's Hermes usage record under the shared lock; answers the record. A full disk is 507, nothing counted. */
export const usageReply: RouteHandler = async (request, params, ctx) => {
  const name = parseWith(z.object({ name: SkillName }), params).name;
  const { kind, request_id } = await readJson(request, UsageBody);
  return jsonReply(await bumpUsage(ctx, { name, kind, requestId: request_id }));
};
