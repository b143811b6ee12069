"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guardedAction } from "@/lib/http/guarded-action";
import { AgentName, setAgentSwitch } from "@/lib/services/rules";
import { AGENT_SWITCHES } from "@/lib/vocab/agent-switches";

const Input = z.object({ agent: AgentName, name: z.enum(AGENT_SWITCHES), on: z.boolean() });

/** One agent's switch (skills, skill_feedback) from the Overview's agents table. */
export const setAgentSwitchAction = guardedAction(
  Input,
  async ({ agent, name, on }, ctx) => {
    const switches = await setAgentSwitch(ctx, { agent, name, value: on ? "on" : "off" });
    revalidatePath("/");
    return { on: switches[name] === "on" };
  },
  "the agent switch",
);
