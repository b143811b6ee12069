import { getDb } from "@/db/client";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { listDecisionsService } from "@/lib/services/decision-explorer";
import { DecisionListQuery } from "./schema";

export const dynamic = "force-dynamic";

/** One page of decisions, newest first; follow `next_cursor` for the next. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const { decisions, next_cursor } = await listDecisionsService(getDb(), parseWith(DecisionListQuery, searchParamsOf(request)));
    return Response.json({ decisions, next_cursor });
  });
}
