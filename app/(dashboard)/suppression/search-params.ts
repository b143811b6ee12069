import { z } from "zod";
import { RulesConfig } from "@/lib/rules/config";
import { SUPPRESSION_SORTS, SUPPRESSION_STATES } from "@/lib/vocab/suppression";

const num = z.coerce.number().optional().catch(undefined);

/**
 * The Suppression page's view, in the URL: a state filter, a name filter, the
 * sort, and a what-if of rule 2's settings (`min`, `window`, `ratio`, `retry`)
 * that is computed for the page only, never saved. Bad values fall back.
 */
export const SuppressionPageView = z.object({
  state: z.enum(SUPPRESSION_STATES).optional().catch(undefined),
  q: z.string().trim().min(1).max(256).optional().catch(undefined),
  sort: z.enum(SUPPRESSION_SORTS).optional().catch(undefined),
  min: num,
  window: num,
  ratio: num,
  retry: num,
});
export type SuppressionPageView = z.infer<typeof SuppressionPageView>;

export function parseSuppressionView(params: Record<string, string | string[] | undefined>): SuppressionPageView {
  const first = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return SuppressionPageView.parse(first);
}

/** The what-if rules, or null when the view asks for none (or its values are out of range). */
export function whatIfRules(view: SuppressionPageView, live: RulesConfig): RulesConfig | null {
  if (view.min === undefined && view.window === undefined && view.ratio === undefined && view.retry === undefined) return null;
  const parsed = RulesConfig.safeParse({
    ...live,
    suppression: {
      ...live.suppression,
      enabled: true,
      min_suggestions: view.min ?? live.suppression.min_suggestions,
      window_days: view.window ?? live.suppression.window_days,
      max_load_ratio: view.ratio ?? live.suppression.max_load_ratio,
      retry_hours: view.retry ?? live.suppression.retry_hours,
    },
  });
  return parsed.success ? parsed.data : null;
}

export function suppressionHref(view: SuppressionPageView, patch: Partial<SuppressionPageView>): string {
  const merged = { ...view, ...patch };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== "") query.set(k, String(v));
  const text = query.toString();
  return text ? `/suppression?${text}` : "/suppression";
}
