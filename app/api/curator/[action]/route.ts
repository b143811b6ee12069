import { z } from "zod";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { handle, parseWith, readJson, requireToken } from "@/lib/http/handle";
import { curatorActionService } from "@/lib/services/curator-actions";
import { CuratorAction } from "@/lib/vocab/curator";

const NameBody = z.object({ name: z.string().trim().min(1, "the skill to act on").max(256) }).strict();
const RunBody = z.object({ dry_run: z.boolean().optional() }).strict();

/** One curator action: `pin`/`unpin`/`archive`/`restore` take `{"name"}`, `run` takes `{"dry_run"}`. Refusals are 404 or 409. */
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const { action } = parseWith(z.object({ action: CuratorAction }), await params);
    const body = action === "run" ? await readJson(request, RunBody) : await readJson(request, NameBody);
    const input = "name" in body ? { name: body.name } : { dryRun: body.dry_run };
    return Response.json(await curatorActionService(getDb(), loadConfig(), action, input));
  });
}
