import { z } from "zod";
import type { AnyRequest } from "@/lib/http/api-request";
import { parseWith, readJson, requireToken } from "@/lib/http/handle";
import { type JsonReply, jsonReply, replying } from "@/lib/http/json-reply";
import { liveCtx } from "@/lib/services/context";
import { bumpUsage } from "@/lib/services/usage/bump";
import { UsageKind } from "@/lib/vocab/curator";

/** `request_id`: any string the client makes unique per bump; a retry with the same one is never counted twice. */
const UsageBody = z.object({ kind: UsageKind, request_id: z.string().min(1).max(128).optional() }).strict();
const SkillName = z.string().trim().min(1, "a skill name").max(256);

/**
 * POST /api/skills/[name]/usage: bump a skill's Hermes usage record (`use` /
 * `view` / `patch`) under the shared lock; answers the updated record. A full
 * disk is 507 with nothing counted. The route's one definition, served by
 * Next.js (route.ts) and by the front door (server/direct-routes).
 */
export function usageReply(request: AnyRequest, params: Readonly<Record<string, string>>): Promise<JsonReply> {
  return replying(async () => {
    await requireToken(request);
    const name = parseWith(z.object({ name: SkillName }), params).name;
    const { kind, request_id } = await readJson(request, UsageBody);
    return jsonReply(await bumpUsage(liveCtx(), { name, kind, requestId: request_id }));
  });
}
