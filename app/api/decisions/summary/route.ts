import { getDb } from "@/db/client";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { decisionSummary } from "@/lib/services/decision-summary";
import { SummaryQuery } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return handle(() => {
    requireToken(request);
    const query = parseWith(SummaryQuery, Object.fromEntries(new URL(request.url).searchParams));
    return Response.json(decisionSummary(getDb(), query));
  });
}
