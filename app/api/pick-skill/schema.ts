import { z } from "zod";
import type { PickRequest } from "@/lib/services/decisions";

const name = z.string().min(1).max(256);

/**
 * Body of `POST /api/pick-skill` (interfaces.md), turned into the service's
 * request. Unknown keys are ignored for forward compatibility.
 */
export const PickSkillBody = z
  .object({
    turn: z.string().max(100_000),
    session_id: z.string().min(1).max(256).optional(),
    roots: z.array(z.string().min(1).max(4096)).max(64).optional(),
    loaded: z.array(name).max(10_000).optional(),
    loadable: z.array(name).max(10_000).optional(),
    hidden: z.array(name).max(10_000).optional(),
    agent: z.string().min(1).max(64).optional(),
    platform: z.string().min(1).max(64).optional(),
    feedback: z.boolean().optional(),
    route: z.boolean().optional(),
    merge_requests: z.boolean().optional(),
  })
  .transform(({ session_id, merge_requests, ...rest }): PickRequest => ({ ...rest, sessionId: session_id, mergeRequests: merge_requests }));
