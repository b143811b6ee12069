import { z } from "zod";
import { LIFECYCLE_STATES, Provenance } from "@/lib/vocab/curator";
import { SKILL_LOCATIONS, SKILL_SORTS, SkillSource } from "@/lib/vocab/skill-sources";

export const SkillsQuery = z.object({
  source: SkillSource.optional(),
  provenance: Provenance.optional(),
  state: z.enum(LIFECYCLE_STATES).optional(),
  location: z.enum(SKILL_LOCATIONS).optional(),
  sort: z.enum(SKILL_SORTS).optional(),
  q: z.string().trim().min(1).max(256).optional(),
});

/** Reply of `GET /api/skills`: every skill jev ranks, with provenance, state, pin, counters and last activity. */
export const SkillsReply = z.looseObject({
  skills: z.array(
    z.looseObject({
      name: z.string(),
      path: z.string(),
      source: SkillSource,
      provenance: Provenance.nullable(),
      state: z.enum(LIFECYCLE_STATES).nullable(),
      pinned: z.boolean(),
      use_count: z.number().int(),
      view_count: z.number().int(),
      patch_count: z.number().int(),
      last_activity_at: z.string().nullable(),
      suggested: z.number().int(),
      loaded: z.number().int(),
    }),
  ),
  hermesHome: z.string().nullable(),
});
