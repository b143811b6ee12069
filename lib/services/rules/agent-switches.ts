import { z } from "zod";
import type { Db } from "../../../db/client";
import { type AgentSeen, agentsSeen } from "../../../db/queries/agents-seen";
import { getSetting, getSettingOnHotPath, setSetting } from "../../../db/queries/settings";
import { JevError } from "../../base/errors";
import { type MaybePromise, thenMaybe } from "../../base/maybe-promise";
import { DAY_MS } from "../../base/time";
import type { AgentSwitch } from "../../vocab/agent-switches";
import type { DbCtx, ServiceCtx } from "../context";

const Switches = z.object({ skills: z.enum(["on", "off"]).default("on"), skill_feedback: z.enum(["on", "off"]).default("on") });
export type AgentSwitches = z.infer<typeof Switches>;
export const AgentName = z.string().min(1).max(64);

const keyOf = (agent: string) => `agent-switches:${agent}`;

/** An agent's switches (`jev settings`), from the database. */
export async function agentSwitches(ctx: Pick<ServiceCtx, "db">, { agent }: { agent: string | undefined }): Promise<AgentSwitches> {
  return parsed(agent ? await getSetting(ctx.db, keyOf(agent)) : null);
}

/**
 * The switches a turn is served under: read on every turn, so kept per
 * instance while nothing changed them (getSettingOnHotPath). `turnBegan`:
 * when the turn began, on `performance.now()`.
 */
export function agentSwitchesForTurn(db: Db, agent: string | undefined, turnBegan?: number): MaybePromise<AgentSwitches> {
  return agent ? thenMaybe(getSettingOnHotPath(db, keyOf(agent), turnBegan), parsed) : parsed(null);
}

/** The last stored value parsed, and its switches: every turn of an agent reads the same text. */
let lastParsed: { stored: string | null; switches: AgentSwitches } | null = null;

function parsed(stored: string | null): AgentSwitches {
  if (lastParsed?.stored !== stored) lastParsed = { stored, switches: parse(stored) };
  return { ...lastParsed.switches }; // a copy: callers may change theirs
}

function parse(stored: string | null): AgentSwitches {
  if (!stored) return Switches.parse({});
  try {
    return Switches.parse(JSON.parse(stored));
  } catch {
    return Switches.parse({});
  }
}

export async function setAgentSwitch(ctx: Pick<ServiceCtx, "db">, input: { agent: string; name: AgentSwitch; value: "on" | "off" }): Promise<AgentSwitches> {
  const { db } = ctx;
  const { agent, name, value } = input;
  if (!AgentName.safeParse(agent).success) throw new JevError("bad_request", "agent: 1 to 64 characters", "agent");
  const next = { ...(await agentSwitches(ctx, { agent })), [name]: value };
  await setSetting(db, keyOf(agent), JSON.stringify(next));
  return next;
}

export type AgentOverview = AgentSeen & { switches: AgentSwitches };

/** The Overview's agents of the last 24 hours, each with its switches. */
export async function agentsOverview(ctx: DbCtx): Promise<AgentOverview[]> {
  const { db } = ctx;
  const now = ctx.clock();
  const agents = await agentsSeen(db, now - DAY_MS);
  return Promise.all(agents.map(async (a) => ({ ...a, switches: await agentSwitches(ctx, { agent: a.agent ?? undefined }) })));
}
