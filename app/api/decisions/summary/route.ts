import { getDb } from "@/db/client";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { decisionSummary } from "@/lib/services/decision-summary";
import { searchParamsOf } from "../query";
import { SummaryQuery } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return handle(() => {
    requireToken(request);
    return Response.json(decisionSummary(getDb(), parseWith(SummaryQuery, searchParamsOf(request))));
  });
}
