import { z } from "zod";
import { PickReplyShape } from "@/lib/engine/reply-shape";
import type { PickRequest } from "@/lib/services/decisions";
import { AgentName, SessionId, SkillNames, TurnText } from "@/lib/vocab/request-fields";

/**
 * Body of `POST /api/pick-skill` (interfaces.md), turned into the service's
 * request. Unknown keys are ignored for forward compatibility.
 */
export const PickSkillBody = z
  .object({
    turn: TurnText,
    session_id: SessionId.optional(),
    roots: z.array(z.string().min(1).max(4096)).max(64).optional(),
    loaded: SkillNames.optional(),
    loadable: SkillNames.optional(),
    hidden: SkillNames.optional(),
    agent: AgentName.optional(),
    platform: z.string().min(1).max(64).optional(),
    feedback: z.boolean().optional(),
    route: z.boolean().optional(),
    merge_requests: z.boolean().optional(),
  })
  .transform(({ session_id, merge_requests, ...rest }): PickRequest => ({ ...rest, sessionId: session_id, mergeRequests: merge_requests }));

/** Reply of `POST /api/pick-skill` (selection spec §6). */
export const PickSkillReply = PickReplyShape;
