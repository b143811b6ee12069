import { z } from "zod";
import { ReasonCode } from "../vocab/reason-codes";
import { SuggestionVia } from "../vocab/suggestion-via";

/*
 * The reply of selection spec §6 as a schema: what reply.ts writes, for the doors that describe it (the MCP tool's
 * output schema, the OpenAPI document) and for the tests that check real replies against it. One flat object, not a
 * union: an MCP output schema must be an object, and clients read `status` first either way.
 */

export const SkillSuggestionShape = z.object({
  name: z.string(),
  path: z.string(),
  match: z.number().min(0).max(1),
});

export const PickReplyShape = z.object({
  status: z.enum(["ok", "fail_open"]),
  /** On `ok`: how likely the turn needs a skill at all. */
  needs_skill: z.number().min(0).max(1).optional(),
  /** The skills to offer, best first; the agent loads the first with `match` ≥ 0.5. Empty on `fail_open`. */
  skills: z.array(SkillSuggestionShape),
  latency_ms: z.number().int().min(0).optional(),
  skipped: z.enum(["trivial", "switched_off"]).optional(),
  via: SuggestionVia.optional(),
  /** On `fail_open`: why jev said nothing. */
  reason: ReasonCode.optional(),
  skills_dropped: z.number().int().min(0).optional(),
  warnings: z.array(z.string()).optional(),
  /** Routing's decision, when the request asked for one (`route: true`). */
  route: z.record(z.string(), z.unknown()).optional(),
});
export type PickReplyShape = z.infer<typeof PickReplyShape>;
