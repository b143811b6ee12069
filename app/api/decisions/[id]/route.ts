import { z } from "zod";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { decisionDetail } from "@/lib/services/decisions/explorer";

export const dynamic = "force-dynamic";

const DecisionId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One decision with every candidate, its scores and verdict. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireToken(request);
    const { id } = parseWith(DecisionId, await params);
    return Response.json(await decisionDetail(liveCtx(), { id }));
  });
}
