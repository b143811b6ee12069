"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { JevError } from "@/lib/errors";
import { AGENT_SWITCHES, AgentName, setAgentSwitch } from "@/lib/services/agent-switches";

const Input = z.object({ agent: AgentName, name: z.enum(AGENT_SWITCHES), on: z.boolean() });

/** One agent's switch (skills, skill_feedback) from the Overview's agents table. */
export async function setAgentSwitchAction(input: unknown): Promise<{ ok: true; on: boolean } | { ok: false; message: string }> {
  const parsed = Input.safeParse(input);
  if (!parsed.success) return { ok: false, message: `${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}` };
  try {
    const switches = await setAgentSwitch(getDb(), parsed.data.agent, parsed.data.name, parsed.data.on ? "on" : "off");
    revalidatePath("/");
    return { ok: true, on: switches[parsed.data.name] === "on" };
  } catch (err) {
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] agent switch failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "could not change the switch" };
  }
}
