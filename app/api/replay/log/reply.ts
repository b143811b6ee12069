import { parseWith } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { exportReplayLog } from "@/lib/services/decisions";
import { ExportQuery } from "./schema";

/** GET /api/replay/log: the live suggestions and loads as a replay log (JSON Lines), streamed a batch of lines at a time. */
export const replayLogReply: RouteHandler = async (request, _params, ctx) => {
  const { batches } = exportReplayLog(ctx, parseWith(ExportQuery, searchParamsOf(request)));
  async function* chunks() {
    for await (const lines of batches) yield `${lines.join("\n")}\n`;
  }
  return { status: 200, contentType: "application/x-ndjson", chunks: chunks() };
};
