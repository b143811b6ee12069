import { z } from "zod";
import { CuratorAction } from "@/lib/vocab/curator";

export const NameBody = z.object({ name: z.string().trim().min(1, "the skill to act on").max(256) }).strict();

export const RunBody = z.object({ dry_run: z.boolean().optional() }).strict();

export const NoBody = z.object({}).strict();

export const ActionParams = z.object({ action: CuratorAction });

/** Reply of `POST /api/curator/{action}`: what was done, in a sentence; `run` adds the run's counts and changes. */
export const CuratorActionReply = z.looseObject({
  ok: z.literal(true),
  action: CuratorAction,
  message: z.string(),
  run: z.looseObject({ summary: z.string(), counts: z.record(z.string(), z.number()), dryRun: z.boolean() }).optional(),
});
