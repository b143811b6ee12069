import { z } from "zod";
import { domainTerms } from "./domain-words";

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

const DomainWord = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((w) => domainTerms(w).length > 0, { message: "has no word a turn could match (only stop words or punctuation)" });

/**
 * Domain entry skills: `{"<entry skill>": ["<domain words>"]}`. A turn with one
 * of the words is hinted the entry skill first; the skills its front matter
 * lists as related come next, in later turns of the session
 * (lib/engine/domain-entry.ts). Key order is the order domains are tried.
 */
export const EntrySkills = z
  .record(z.string().trim().min(1).max(64), z.array(DomainWord).min(1).max(50))
  .refine((e) => Object.keys(e).length <= 50, { message: "at most 50 entry skills" });
export type EntrySkills = z.infer<typeof EntrySkills>;

export const RulesConfig = z.object({
  dedup_loaded: z.boolean().default(true),
  suppression: SuppressionSettings.prefault({}),
  attribution_minutes: z.number().min(0).default(5),
  entry_skills: EntrySkills.default({}),
});
export type RulesConfig = z.infer<typeof RulesConfig>;

export const DEFAULT_RULES: RulesConfig = RulesConfig.parse({});
