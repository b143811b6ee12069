import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_RULES, type RulesConfig } from "../rules/config";

/**
 * The engine state an agent keeps under its home (`jev/state.json`, selection
 * spec §7). Only `skill_feedback` is read here; other keys are left alone.
 */
const EngineState = z.looseObject({ skill_feedback: z.enum(["on", "off"]).optional().catch(undefined) });

const cache = new Map<string, { mtimeMs: number; size: number; feedbackOn: boolean }>();

/** Whether rule 2 (rejection suppression) is on for this home; a missing or broken file means on. */
export function skillFeedbackOn(hermesHome: string): boolean {
  const file = path.join(hermesHome, "jev", "state.json");
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return true;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.feedbackOn;
  let feedbackOn = true;
  try {
    feedbackOn = EngineState.parse(JSON.parse(fs.readFileSync(file, "utf8"))).skill_feedback !== "off";
  } catch {
    feedbackOn = true;
  }
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, feedbackOn });
  return feedbackOn;
}

/** The live rules: defaults, with rule 2 following the engine state. */
export function liveRules(hermesHome: string): RulesConfig {
  const on = skillFeedbackOn(hermesHome);
  return on ? DEFAULT_RULES : { ...DEFAULT_RULES, suppression: { ...DEFAULT_RULES.suppression, enabled: false } };
}
