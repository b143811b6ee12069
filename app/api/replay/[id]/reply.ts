import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { replayRun } from "@/lib/services/replay";
import { RunId } from "./schema";

/** GET /api/replay/[id]: one stored replay run with its report. */
export const replayRunReply: RouteHandler = async (_request, params, ctx) => jsonReply(await replayRun(ctx, parseWith(RunId, params)));
