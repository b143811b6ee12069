import { z } from "zod";
import { handle, parseWith, readJson, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { curatorAction } from "@/lib/services/curator/act";
import { CuratorAction } from "@/lib/vocab/curator";

const NameBody = z.object({ name: z.string().trim().min(1, "the skill to act on").max(256) }).strict();
const RunBody = z.object({ dry_run: z.boolean().optional() }).strict();
const NoBody = z.object({}).strict();

/** One curator action: `pin`/`unpin`/`archive`/`restore`/`adopt` take `{"name"}`, `run` takes `{"dry_run"}`, `pause`/`resume` `{}`. Refusals are 404 or 409. */
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const { action } = parseWith(z.object({ action: CuratorAction }), await params);
    if (action === "pause" || action === "resume") {
      await readJson(request, NoBody);
      return Response.json(await curatorAction(liveCtx(), action, {}));
    }
    const body = action === "run" ? await readJson(request, RunBody) : await readJson(request, NameBody);
    const input = "name" in body ? { name: body.name } : { dryRun: body.dry_run };
    return Response.json(await curatorAction(liveCtx(), action, input));
  });
}
