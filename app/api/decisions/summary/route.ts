import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { liveCtx } from "@/lib/services/context";
import { decisionSummary } from "@/lib/services/decisions/summary";
import { SummaryQuery } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    return Response.json(await decisionSummary(liveCtx(), parseWith(SummaryQuery, searchParamsOf(request))));
  });
}
