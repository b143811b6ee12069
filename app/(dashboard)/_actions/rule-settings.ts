"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guardedAction } from "@/lib/http/guarded-action";
import { setSkillFeedbackService } from "@/lib/services/rule-settings";

/** The dashboard's rule-2 switch: a mutation, so a server action (reads are server components). */
export const setRuleTwo = guardedAction(
  z.object({ on: z.boolean() }),
  async ({ on }, { config }) => {
    const setting = await setSkillFeedbackService(config, on);
    revalidatePath("/");
    return { on: setting.on };
  },
  "the rule-2 switch",
);
