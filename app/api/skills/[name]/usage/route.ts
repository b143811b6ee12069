import { z } from "zod";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { handle, parseWith, readJson, requireToken } from "@/lib/http/handle";
import { bumpUsageService } from "@/lib/services/skill-usage";
import { UsageKind } from "@/lib/vocab/curator";

const UsageBody = z.object({ kind: UsageKind }).strict();
const SkillName = z.string().trim().min(1, "a skill name").max(256);

/** Bump a skill's Hermes usage record (`use` / `view` / `patch`) under the shared lock; returns the updated record. */
export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const name = parseWith(z.object({ name: SkillName }), await params).name;
    const { kind } = await readJson(request, UsageBody);
    return Response.json(await bumpUsageService(getDb(), loadConfig(), name, kind));
  });
}
