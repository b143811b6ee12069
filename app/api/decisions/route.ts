import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { liveCtx } from "@/lib/services/context";
import { decisionPage } from "@/lib/services/decisions/explorer";
import { DecisionListQuery } from "./schema";

export const dynamic = "force-dynamic";

/** One page of decisions, newest first; follow `next_cursor` for the next. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const { decisions, next_cursor } = await decisionPage(liveCtx(), parseWith(DecisionListQuery, searchParamsOf(request)));
    return Response.json({ decisions, next_cursor });
  });
}
