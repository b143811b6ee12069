import { z } from "zod";
import type { Db } from "../../db/client";
import { type AgentSeen, agentsSeen } from "../../db/queries/agents-seen";
import { getSetting, setSetting } from "../../db/queries/settings";
import { JevError } from "../errors";
import { DAY_MS } from "../time";

/**
 * On/off switches per agent, kept by the server, for agents that have no
 * Hermes home to hold a state file (Claude Code). `skills: off` and jev
 * answers that agent's turns with no skill and no ranking
 * (`skipped: "switched_off"`); `skill_feedback: off` and rule 2 does not
 * suppress for it. Set from the dashboard or `jev settings`.
 */
export const AGENT_SWITCHES = ["skills", "skill_feedback"] as const;
export type AgentSwitch = (typeof AGENT_SWITCHES)[number];
const Switches = z.object({ skills: z.enum(["on", "off"]).default("on"), skill_feedback: z.enum(["on", "off"]).default("on") });
export type AgentSwitches = z.infer<typeof Switches>;
export const AgentName = z.string().min(1).max(64);

const keyOf = (agent: string) => `agent-switches:${agent}`;

export function agentSwitches(db: Db, agent: string | undefined): AgentSwitches {
  const stored = agent ? getSetting(db, keyOf(agent)) : null;
  if (!stored) return Switches.parse({});
  try {
    return Switches.parse(JSON.parse(stored));
  } catch {
    return Switches.parse({});
  }
}

export function setAgentSwitch(db: Db, agent: string, name: AgentSwitch, value: "on" | "off"): AgentSwitches {
  if (!AgentName.safeParse(agent).success) throw new JevError("bad_request", "agent: 1 to 64 characters", "agent");
  const next = { ...agentSwitches(db, agent), [name]: value };
  setSetting(db, keyOf(agent), JSON.stringify(next));
  return next;
}

/** The Overview's agents of the last 24 hours, each with its switches. */
export function agentsOverview(db: Db, now = Date.now()): (AgentSeen & { switches: AgentSwitches })[] {
  return agentsSeen(db, now - DAY_MS).map((a) => ({ ...a, switches: agentSwitches(db, a.agent ?? undefined) }));
}
