import { z } from "zod";
import { getDb } from "@/db/client";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { instant, searchParamsOf } from "@/lib/http/query";
import { exportReplayLog } from "@/lib/services/export-log";

export const dynamic = "force-dynamic";

const ExportQuery = z.object({ from: instant.optional(), to: instant.optional() });

/** Lines written per chunk of the streamed reply. */
const LINES_PER_CHUNK = 2_000;

/** The live suggestions and loads as a replay log (JSON Lines), streamed a chunk at a time. */
export async function GET(request: Request) {
  return handle(() => {
    requireToken(request);
    const { lines } = exportReplayLog(getDb(), parseWith(ExportQuery, searchParamsOf(request)));
    const iterator = lines[Symbol.iterator]();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk: string[] = [];
        for (let next = iterator.next(); !next.done; next = iterator.next()) {
          chunk.push(next.value);
          if (chunk.length === LINES_PER_CHUNK) break;
        }
        if (chunk.length) controller.enqueue(encoder.encode(`${chunk.join("\n")}\n`));
        if (chunk.length < LINES_PER_CHUNK) controller.close();
      },
      cancel() {
        iterator.return?.();
      },
    });
    return new Response(body, { headers: { "content-type": "application/x-ndjson" } });
  });
}
