import { parseWith } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import { searchParamsOf } from "@/lib/http/query";
import type { RouteHandler } from "@/lib/http/route-table";
import { listSkills } from "@/lib/services/skills";
import { SkillsQuery } from "./schema";

/**
 * GET /api/skills: every skill jev ranks, from every root, with the engine's counts; where a Hermes home holds it,
 * its provenance, state, pin, counters, last activity and 30 days of activity (null or zero elsewhere).
 */
export const skillsReply: RouteHandler = async (request, _params, ctx) => jsonReply(await listSkills(ctx, parseWith(SkillsQuery, searchParamsOf(request))));
