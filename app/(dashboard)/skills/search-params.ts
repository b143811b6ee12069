import { z } from "zod";
import { LIFECYCLE_STATES, PROVENANCES } from "@/lib/vocab/curator";
import { SKILL_LOCATIONS, SKILL_SORTS, SKILL_SOURCES } from "@/lib/vocab/skill-sources";

/** The Skills page's view, in the URL: filters, sort and page. Bad values fall back. */
export const SkillsPageView = z.object({
  source: z.enum(SKILL_SOURCES).optional().catch(undefined),
  provenance: z.enum(PROVENANCES).optional().catch(undefined),
  state: z.enum(LIFECYCLE_STATES).optional().catch(undefined),
  location: z.enum(SKILL_LOCATIONS).optional().catch(undefined),
  sort: z.enum(SKILL_SORTS).optional().catch(undefined),
  q: z.string().trim().min(1).max(256).optional().catch(undefined),
  /** 1-based; a filter or sort chosen anew starts again at the first page. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});
export type SkillsPageView = z.infer<typeof SkillsPageView>;

export function parseSkillsView(params: Record<string, string | string[] | undefined>): SkillsPageView {
  return SkillsPageView.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}

export function skillsHref(view: SkillsPageView, patch: Partial<SkillsPageView>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...view, ...patch })) if (v !== undefined && v !== "") query.set(k, String(v));
  const text = query.toString();
  return text ? `/skills?${text}` : "/skills";
}
