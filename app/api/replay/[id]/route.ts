import { z } from "zod";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { replayRun } from "@/lib/services/replay/runs";

export const dynamic = "force-dynamic";

const RunId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One stored replay run with its report. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const { id } = parseWith(RunId, await params);
    return Response.json(await replayRun(liveCtx(), { id }));
  });
}
