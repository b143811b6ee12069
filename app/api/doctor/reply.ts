import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { serverFacts } from "@/lib/services/doctor";

/** GET /api/doctor, what `jev doctor` asks the running server: its catalog, judge, the agents it heard from and when, the roots it left out. */
export const doctorReply: RouteHandler = async (_request, _params, ctx) => jsonReply(await serverFacts(ctx));
