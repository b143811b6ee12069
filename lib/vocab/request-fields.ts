import { z } from "zod";
import { isLoggableInstant, LOG_YEARS_TEXT } from "../base/time";

/*
 * The fields agents send, one definition for every door that takes them: the HTTP API's bodies
 * (app/api/<route>/schema.ts), the MCP tools (lib/mcp/tools.ts) and the OpenAPI document made from both.
 */

export const SkillName = z.string().min(1).max(256);
export const SkillNames = z.array(SkillName).max(10_000);
export const SessionId = z.string().min(1).max(256);
/** A turn as the agent's user typed it; the engine reads its first part (selection spec §2). */
export const TurnText = z.string().max(100_000);
export const AgentName = z.string().min(1).max(64);
/** When an agent says a load happened: an ISO-8601 instant with its offset, inside the years the log keeps. */
export const ReportedAt = z.iso.datetime({ offset: true }).refine((v) => isLoggableInstant(Date.parse(v)), `must be ${LOG_YEARS_TEXT}`);
