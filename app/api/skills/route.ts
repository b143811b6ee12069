import { z } from "zod";
import { LIFECYCLE_STATES } from "@/lib/hermes/usage-record";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { liveCtx } from "@/lib/services/context";
import { SKILL_LOCATIONS } from "@/lib/services/skills/hermes-columns";
import { listSkills } from "@/lib/services/skills/list";
import { SKILL_SORTS } from "@/lib/services/skills/list-filter";
import { Provenance } from "@/lib/vocab/curator";
import { SkillSource } from "@/lib/vocab/skill-sources";

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
