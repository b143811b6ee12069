import { getDb } from "@/db/client";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { decisionSummary } from "@/lib/services/decision-summary";
import { SummaryQuery } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    return Response.json(await decisionSummary(getDb(), parseWith(SummaryQuery, searchParamsOf(request))));
  });
}
