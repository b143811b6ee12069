import { z } from "zod";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { liveCtx } from "@/lib/services/context";
import { listSkills } from "@/lib/services/skills/list";
import { SKILL_SORTS } from "@/lib/services/skills/list-filter";
import { LIFECYCLE_STATES, Provenance } from "@/lib/vocab/curator";
import { SKILL_LOCATIONS, SkillSource } from "@/lib/vocab/skill-sources";

const SkillsQuery = z.object({
  source: SkillSource.optional(),
  provenance: Provenance.optional(),
  state: z.enum(LIFECYCLE_STATES).optional(),
  location: z.enum(SKILL_LOCATIONS).optional(),
  sort: z.enum(SKILL_SORTS).optional(),
  q: z.string().trim().min(1).max(256).optional(),
});

/**
 * Every skill jev ranks, from every root, with the engine's counts; where a Hermes home holds it, its
 * provenance, state, pin, counters, last activity and 30 days of activity (null or zero elsewhere).
 */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const filter = parseWith(SkillsQuery, searchParamsOf(request));
    return Response.json(await listSkills(liveCtx(), filter));
  });
}
