import { z } from "zod";
import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { replayRun } from "@/lib/services/replay";

const RunId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** GET /api/replay/[id]: one stored replay run with its report. */
export const replayRunReply: RouteHandler = async (_request, params, ctx) => jsonReply(await replayRun(ctx, parseWith(RunId, params)));
