import { z } from "zod";
import { LIFECYCLE_STATES, UsageKind } from "@/lib/vocab/curator";

/** `request_id`: any string the client makes unique per bump; a retry with the same one is never counted twice. */
export const UsageBody = z.object({ kind: UsageKind, request_id: z.string().min(1).max(128).optional() }).strict();

export const SkillName = z.string().trim().min(1, "a skill name").max(256);

export const UsageParams = z.object({ name: SkillName });

/** Reply of `POST /api/skills/{name}/usage`: the skill's record in Hermes's `skills/.usage.json` after the bump. */
export const UsageRecordReply = z.looseObject({
  use_count: z.number().int(),
  view_count: z.number().int(),
  patch_count: z.number().int(),
  last_used_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  last_patched_at: z.string().nullable(),
  state: z.enum(LIFECYCLE_STATES),
  pinned: z.boolean(),
});
