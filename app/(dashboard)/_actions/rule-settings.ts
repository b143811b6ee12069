"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { loadConfig } from "@/lib/config";
import { JevError } from "@/lib/errors";
import { setSkillFeedbackService } from "@/lib/services/rule-settings";

const Input = z.object({ on: z.boolean() });

/** The dashboard's rule-2 switch: a mutation, so a server action (reads are server components). */
export async function setRuleTwo(input: unknown): Promise<{ ok: true; on: boolean } | { ok: false; message: string }> {
  const parsed = Input.safeParse(input);
  if (!parsed.success) return { ok: false, message: "on: expected true or false" };
  try {
    const setting = await setSkillFeedbackService(loadConfig(), parsed.data.on);
    revalidatePath("/");
    return { ok: true, on: setting.on };
  } catch (err) {
    // Next would log the raw error (it may name files); keep the log and the reply bounded.
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] rule-2 switch failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "could not change the setting" };
  }
}
