import { z } from "zod";
import { DAY_MS, HOUR_MS, isLoggableInstant, utcDay } from "@/lib/base/time";
import { DECISION_CHANNELS } from "@/lib/vocab/channels";
import { DecisionOutcome, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

/** Time presets of the Decisions page: how far back from now. */
export const PRESETS = { "1h": HOUR_MS, "24h": DAY_MS, "7d": 7 * DAY_MS, "30d": 30 * DAY_MS } as const;
export type Preset = keyof typeof PRESETS;
export const DEFAULT_PRESET: Preset = "7d";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => isLoggableInstant(Date.parse(v)))
  .optional()
  .catch(undefined);
const text = z.string().trim().min(1).max(256).optional().catch(undefined);

/**
 * The Decisions page's view, all in the URL so a link reproduces it and Back
 * undoes a filter. Either a preset (`range=24h`) or a custom range of UTC days
 * (`from`, `to` inclusive). Bad values fall back to defaults; a range picked
 * backwards is read the right way round.
 */
export const DecisionsView = z
  .object({
    range: z
      .enum(Object.keys(PRESETS) as [Preset, ...Preset[]])
      .optional()
      .catch(undefined),
    from: day,
    to: day,
    outcome: DecisionOutcome.optional().catch(undefined),
    reason: z
      .union([ReasonCode, z.literal(UNKNOWN_REASON)])
      .optional()
      .catch(undefined),
    channel: z.enum(DECISION_CHANNELS).optional().catch(undefined),
    skill: text,
    session: text,
    cursor: z.string().max(64).optional().catch(undefined),
  })
  .transform((v) => (v.from && v.to && v.from > v.to ? { ...v, from: v.to, to: v.from } : v));
export type DecisionsView = z.infer<typeof DecisionsView>;

export function parseDecisionsView(params: Record<string, string | string[] | undefined>): DecisionsView {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return DecisionsView.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, first(v)])));
}

/** The range the services read: a preset becomes ISO instants ending now; custom days stay days (`to` inclusive). */
export function viewRange(view: DecisionsView, now: number): { from?: string; to?: string } {
  if (view.from || view.to) return { from: view.from, to: view.to };
  const span = PRESETS[view.range ?? DEFAULT_PRESET];
  return { from: new Date(now - span).toISOString(), to: new Date(now).toISOString() };
}

/** Query keys in the order links spell them, so one view has one URL. */
const VIEW_KEYS = ["range", "from", "to", "outcome", "reason", "channel", "skill", "session", "cursor"] as const;

/** The view as a query string, with `patch` applied; changing a filter starts again from the newest page. */
export function viewHref(pathname: string, view: DecisionsView, patch: Partial<DecisionsView>): string {
  const next: Partial<DecisionsView> = { ...view, cursor: undefined, ...patch };
  if (patch.from !== undefined || patch.to !== undefined) next.range = undefined;
  if (patch.range !== undefined) {
    next.from = undefined;
    next.to = undefined;
  }
  const params = new URLSearchParams();
  for (const k of VIEW_KEYS) if (next[k]) params.set(k, next[k]);
  return params.size ? `${pathname}?${params}` : pathname;
}

/** How a range reads in the inputs and in empty states: the same inclusive UTC days. */
export function describeRange(fromIso: string, toIso: string): { fromDay: string; lastDay: string } {
  return { fromDay: utcDay(Date.parse(fromIso)), lastDay: utcDay(Date.parse(toIso) - 1) };
}
