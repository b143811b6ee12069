import { z } from "zod";

/**
 * Agents jev knows by name (`agent` in a pick-skill request). Another value is
 * served like an agent with no special handling, with a warning in the reply.
 */
export const KNOWN_AGENTS = ["hermes", "claude-code", "codex"] as const;
export const KnownAgent = z.enum(KNOWN_AGENTS);
export type KnownAgent = z.infer<typeof KnownAgent>;

export function isKnownAgent(agent: string): agent is KnownAgent {
  return (KNOWN_AGENTS as readonly string[]).includes(agent);
}
