import { handle, requireToken } from "@/lib/http/handle";
import { liveCtx } from "@/lib/services/context";
import { serverFacts } from "@/lib/services/doctor/server-facts";

export const dynamic = "force-dynamic";

/** What `jev doctor` asks the running server: its catalog, judge, the agents it heard from and when, the roots it left out. Needs the token. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    return Response.json(await serverFacts(liveCtx()));
  });
}
