import { z } from "zod";

/**
 * The suggestion rules' settings (selection spec §7), in the rules-file shape of
 * interfaces.md; a file may give only what it changes.
 */
export const SuppressionSettings = z.object({
  enabled: z.boolean().default(true),
  min_suggestions: z.number().int().min(1).default(5),
  window_days: z.number().positive().default(14),
  max_load_ratio: z.number().min(0).max(1).default(0.1),
  retry_hours: z.number().min(0).default(6),
});

export type SuppressionSettings = z.infer<typeof SuppressionSettings>;

export const RulesConfig = z.object({
  dedup_loaded: z.boolean().default(true),
  suppression: SuppressionSettings.prefault({}),
  attribution_minutes: z.number().min(0).default(5),
});
export type RulesConfig = z.infer<typeof RulesConfig>;

export const DEFAULT_RULES: RulesConfig = RulesConfig.parse({});
