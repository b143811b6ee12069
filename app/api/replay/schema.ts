import { z } from "zod";
import { Instant } from "../envelopes";

export const ReplayQuery = z.object({
  rules: z.string().max(10_000).optional(),
  sweep: z.string().max(10_000).optional(),
  strict: z.enum(["1", "true", "0", "false"]).optional(),
});

export const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() });

const ReplayRules = z.looseObject({ dedup_loaded: z.boolean(), suppression: z.looseObject({}), attribution_minutes: z.number() });

/** A stored replay run, without its report. */
export const ReplayRunItem = z.looseObject({
  id: z.number().int(),
  at: Instant,
  source: z.string(),
  status: z.string(),
  progress: z.number(),
  rules: ReplayRules,
  log: z.looseObject({ digest: z.string(), bytes: z.number().int(), events: z.number().int(), bad_lines: z.number().int() }),
});

const Rate = z.looseObject({ suggestions: z.number().int(), loaded: z.number().int(), load_rate: z.number() });

/** A stored run with its before/after report (interfaces.md, replay). */
export const ReplayRunReply = ReplayRunItem.extend({
  report: z
    .looseObject({
      recorded: Rate,
      replayed: Rate,
      removed: z.looseObject({ duplicates: z.number().int(), rejected: z.number().int(), loads_lost: z.number().int() }),
    })
    .nullable(),
});

/** Reply of `GET /api/replay`. */
export const ReplayRunsReply = z.looseObject({ runs: z.array(ReplayRunItem) });
