"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { JevError } from "@/lib/errors";
import { RulesConfig } from "@/lib/rules/config";
import { replayLiveService } from "@/lib/services/replay-runs";

const checkbox = z.preprocess((v) => v === "on" || v === true, z.boolean());
const RulesForm = z.object({
  dedup_loaded: checkbox,
  enabled: checkbox,
  min_suggestions: z.coerce.number().int().min(1),
  window_days: z.coerce.number().positive(),
  max_load_ratio: z.coerce.number().min(0).max(1),
  retry_hours: z.coerce.number().min(0),
  attribution_minutes: z.coerce.number().min(0),
});

/** The Replay page's "my last 7 days": replay the live log under the form's rules and store the run. */
export async function replayLiveWeek(form: FormData): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const parsed = RulesForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `${issue.path.join(".")}: ${issue.message}` };
  }
  const f = parsed.data;
  const rules = RulesConfig.parse({
    dedup_loaded: f.dedup_loaded,
    attribution_minutes: f.attribution_minutes,
    suppression: {
      enabled: f.enabled,
      min_suggestions: f.min_suggestions,
      window_days: f.window_days,
      max_load_ratio: f.max_load_ratio,
      retry_hours: f.retry_hours,
    },
  });
  try {
    const run = await replayLiveService(getDb(), rules);
    return { ok: true, id: run.id };
  } catch (err) {
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] replay failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "the replay failed" };
  }
}
