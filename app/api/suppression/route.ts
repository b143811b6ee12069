import { z } from "zod";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { parseRules } from "@/lib/rules/rules-file";
import { suppressionService } from "@/lib/services/suppression";

export const dynamic = "force-dynamic";

const SuppressionQuery = z.object({ rules: z.string().max(10_000).optional() });

/** Every skill shown in rule 2's window: its state, counts and next retry; `?rules=` for a what-if that changes nothing. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const query = parseWith(SuppressionQuery, searchParamsOf(request));
    return Response.json(await suppressionService(getDb(), loadConfig(), { rules: query.rules ? parseRules(query.rules) : undefined }));
  });
}
