import { z } from "zod";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { parseRules } from "@/lib/rules/rules-file";
import { liveCtx } from "@/lib/services/context";
import { suppressionView } from "@/lib/services/rules/suppression";

export const dynamic = "force-dynamic";

const SuppressionQuery = z.object({ rules: z.string().max(10_000).optional() });

/** Every skill shown in rule 2's window: its state, counts and next retry; `?rules=` for a what-if that changes nothing. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const query = parseWith(SuppressionQuery, searchParamsOf(request));
    return Response.json(await suppressionView(liveCtx(), { rules: query.rules ? parseRules(query.rules) : undefined }));
  });
}
