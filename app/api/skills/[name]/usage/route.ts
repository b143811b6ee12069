import { z } from "zod";
import { handle, parseWith, readJson, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { bumpUsage } from "@/lib/services/usage/bump";
import { UsageKind } from "@/lib/vocab/curator";

/** `request_id`: any string the client makes unique per bump; a retry with the same one is never counted twice. */
const UsageBody = z.object({ kind: UsageKind, request_id: z.string().min(1).max(128).optional() }).strict();
const SkillName = z.string().trim().min(1, "a skill name").max(256);

/** Bump a skill's Hermes usage record (`use` / `view` / `patch`) under the shared lock; returns the updated record. A full disk is 507 with nothing counted. */
export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const name = parseWith(z.object({ name: SkillName }), await params).name;
    const { kind, request_id } = await readJson(request, UsageBody);
    return Response.json(await bumpUsage(liveCtx(), { name, kind, requestId: request_id }));
  });
}
