import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { atomicWriteFile } from "../fs/atomic-write";
import { forgetStamped, readStamped } from "../fs/read-stamped";
import { readWholeFileSync } from "../fs/regular-file";
import { assertWritableTarget } from "../fs/safe-target";

/**
 * The engine state an agent plugin and the server share under a Hermes home
 * (`jev/state.json`, interfaces.md): e.g. `{"skills": "on", "skill_feedback": "on"}`.
 * Missing keys keep their defaults; unknown keys are kept when rewritten.
 */
const Toggle = z.enum(["on", "off"]);
const StateFile = z.looseObject({ skill_feedback: Toggle.optional().catch(undefined), merge_requests: Toggle.optional().catch(undefined) });

export function jevStateFile(hermesHome: string): string {
  return path.join(hermesHome, "jev", "state.json");
}

interface Toggles {
  feedbackOn: boolean;
  mergeOn: boolean;
}
const DEFAULT_TOGGLES: Toggles = { feedbackOn: true, mergeOn: true };

/** The state file's toggles (re-read when it changes); a missing or broken file means the defaults. */
function toggles(hermesHome: string): Toggles {
  return readStamped(jevStateFile(hermesHome), parseToggles, { fallback: DEFAULT_TOGGLES });
}

function parseToggles(text: string | undefined): Toggles {
  try {
    const state = StateFile.parse(JSON.parse(text ?? ""));
    return { feedbackOn: state.skill_feedback !== "off", mergeOn: state.merge_requests !== "off" };
  } catch {
    return DEFAULT_TOGGLES;
  }
}

/** Whether rule 2 (rejection suppression) is on in the state file; a missing or broken file means on. */
export function skillFeedbackOn(hermesHome: string): boolean {
  return toggles(hermesHome).feedbackOn;
}

/** Whether routing's questions may ride in skill selection's request (`merge_requests`, default on). */
export function mergeRequestsOn(hermesHome: string): boolean {
  return toggles(hermesHome).mergeOn;
}

/**
 * Set `skill_feedback` in the state file, keeping every other key. Written atomically (temp file in the same folder,
 * fsync, rename), so an agent plugin reading it never sees half a file. A file that is not a JSON object (or not a
 * regular file) is not overwritten: the caller gets an error instead of losing it.
 */
export async function setSkillFeedback(hermesHome: string, value: "on" | "off"): Promise<void> {
  const file = jevStateFile(hermesHome);
  const bytes = readWholeFileSync(file);
  let state: Record<string, unknown> = {};
  if (bytes !== undefined) {
    const parsed: unknown = JSON.parse(bytes.toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("state file is not a JSON object");
    state = parsed as Record<string, unknown>;
  }
  state.skill_feedback = value;
  const folder = path.dirname(file);
  fs.mkdirSync(/*turbopackIgnore: true*/ folder, { recursive: true });
  assertWritableTarget(file); // a link (or a FIFO) there is refused, not written over
  await atomicWriteFile(file, `${JSON.stringify(state, null, 2)}\n`, ".state.json.");
  forgetStamped(file);
}
