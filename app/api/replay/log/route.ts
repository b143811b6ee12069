import { z } from "zod";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { instant, searchParamsOf } from "@/lib/http/query";
import { liveCtx } from "@/lib/services/context";
import { exportReplayLog } from "@/lib/services/decisions/export-log";

export const dynamic = "force-dynamic";

const ExportQuery = z.object({ from: instant.optional(), to: instant.optional() });

/** The live suggestions and loads as a replay log (JSON Lines), streamed a batch of lines at a time. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const { batches } = exportReplayLog(liveCtx(), parseWith(ExportQuery, searchParamsOf(request)));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${next.value.join("\n")}\n`));
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new Response(body, { headers: { "content-type": "application/x-ndjson" } });
  });
}
