import { z } from "zod";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { LIFECYCLE_STATES } from "@/lib/hermes/usage-record";
import { handle, parseWith, requireToken } from "@/lib/http/handle";
import { searchParamsOf } from "@/lib/http/query";
import { SKILL_LOCATIONS, SKILL_SORTS, skillsListing } from "@/lib/services/skills-list";
import { Provenance } from "@/lib/vocab/curator";

const SkillsQuery = z.object({
  provenance: Provenance.optional(),
  state: z.enum(LIFECYCLE_STATES).optional(),
  location: z.enum(SKILL_LOCATIONS).optional(),
  sort: z.enum(SKILL_SORTS).optional(),
  q: z.string().trim().min(1).max(256).optional(),
});

/** Every skill of the Hermes home with provenance, state, pin, counters, last activity, 30 days of activity and the engine's counts. */
export async function GET(request: Request) {
  return handle(async () => {
    await requireToken(request);
    const filter = parseWith(SkillsQuery, searchParamsOf(request));
    return Response.json(await skillsListing(getDb(), loadConfig(), filter));
  });
}
