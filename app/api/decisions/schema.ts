import { z } from "zod";
import { MAX_PAGE } from "@/lib/services/decisions";
import { DecisionOutcome, ReasonCode, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";
import { CANDIDATE_VERDICTS } from "@/lib/vocab/verdicts";
import { Instant } from "../envelopes";
import { DecisionFilters } from "./query";

/** Query of `GET /api/decisions` (interfaces.md): filters, an opaque cursor and a page size. */
export const DecisionListQuery = DecisionFilters.omit({ status: true }).extend({
  skill: z.string().min(1).max(256).optional(),
  session: z.string().min(1).max(256).optional(),
  cursor: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
});

const Candidate = z.looseObject({
  name: z.string(),
  score: z.number(),
  match: z.number().nullable(),
  verdict: z.enum(CANDIDATE_VERDICTS),
});

/** One decision in a list: no turn text, ever. */
export const DecisionListItem = z.looseObject({
  id: z.number().int(),
  at: Instant,
  session: z.string().nullable(),
  agent: z.string().nullable(),
  channel: z.string(),
  judge: z.string(),
  status: z.enum(["ok", "fail_open"]),
  outcome: DecisionOutcome,
  reason: z.union([ReasonCode, z.literal(UNKNOWN_REASON)]).nullable(),
  needs_skill: z.number().nullable(),
  suggested: z.looseObject({ name: z.string(), match: z.number() }).nullable(),
  top: z.array(Candidate),
  latency_ms: z.number(),
  reports_loads: z.boolean(),
});

/** Reply of `GET /api/decisions`. */
export const DecisionListReply = z.looseObject({ decisions: z.array(DecisionListItem), next_cursor: z.string().nullable() });

/** Reply of `GET /api/decisions/{id}`: the decision, its timings, and every candidate with its verdict. */
export const DecisionDetailReply = DecisionListItem.extend({
  timings: z.looseObject({ total_ms: z.number(), stage_one_ms: z.number().nullable(), stage_two_ms: z.number().nullable() }),
  requests: z.number().int(),
  catalog_size: z.number().int(),
  candidates: z.array(Candidate.extend({ path: z.string() })),
  feedback: z.array(z.looseObject({ at: Instant, skill: z.string(), event: z.string() })),
});
