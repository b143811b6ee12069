/**
 * On/off switches per agent, kept by the server for agents with no Hermes state file (Claude Code):
 * `skills: off` answers the agent's turns with no skill (`skipped: "switched_off"`), `skill_feedback: off`
 * stops rule 2 suppressing for it. Set from the dashboard or `jev settings`.
 */
export const AGENT_SWITCHES = ["skills", "skill_feedback"] as const;
export type AgentSwitch = (typeof AGENT_SWITCHES)[number];
