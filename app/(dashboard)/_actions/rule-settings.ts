"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guardedAction } from "@/lib/http/guarded-action";
import { switchRuleTwo } from "@/lib/services/rules";

/** The dashboard's rule-2 switch: a mutation, so a server action (reads are server components). */
export const setRuleTwo = guardedAction(
  z.object({ on: z.boolean() }),
  async ({ on }, ctx) => {
    const setting = await switchRuleTwo(ctx, { on });
    revalidatePath("/suppression");
    return { on: setting.on };
  },
  "the rule-2 switch",
);
