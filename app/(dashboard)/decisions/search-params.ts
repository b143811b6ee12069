import { z } from "zod";
import { DecisionStatus, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(v)))
  .optional()
  .catch(undefined);

/**
 * The Decisions page's view, all in the URL so a link reproduces it. Bad values
 * fall back to defaults; a range picked backwards is read the right way round.
 */
export const DecisionsView = z
  .object({
    from: day,
    to: day,
    status: DecisionStatus.optional().catch(undefined),
    reason: z.union([ReasonCode, z.literal(UNKNOWN_REASON)]).optional().catch(undefined),
  })
  .transform((v) => (v.from && v.to && v.from > v.to ? { ...v, from: v.to, to: v.from } : v));
export type DecisionsView = z.infer<typeof DecisionsView>;

export function parseDecisionsView(params: Record<string, string | string[] | undefined>): DecisionsView {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return DecisionsView.parse({ from: first(params.from), to: first(params.to), status: first(params.status), reason: first(params.reason) });
}
