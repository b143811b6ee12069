import { hashBucket } from "../eval/body-dev-set";
import { calibrationHome, requestHome } from "./request-home";

/**
 * Repositories whose skills the trained encoder never sees: the plain-request home's sources (fixtures/plain-requests),
 * so its figures are on sources the model never saw.
 */
export const HELD_APART_SOURCES: readonly string[] = ["anthropics", "openai", "obra", "NousResearch"];
/** Of 100 buckets of a skill's path, these are the body development set's held-out side (lib/eval/body-dev-set.ts). */
const BODY_HELD_OUT_BELOW = 30;
/** MetaTool tools in these buckets are held apart; the others may be trained on. */
const METATOOL_HELD_APART_BELOW = 50;

/** Why a skill is, or is not, one the encoder may train on: one word per group, for manifests and figures. */
export type EncoderGroup =
  | "train"
  | "held-apart-source"
  | "held-apart-skill"
  | "metatool-train"
  | "metatool-held-apart"
  | "decision-fit"
  | "development-set"
  | "unknown-source";

/**
 * The one definition of what the trained encoder may see, by a skill's path (the fixtures' identity). Held apart
 * before anything is trained: the plain-request home and its four sources; the body development set's held-out
 * skills; half of MetaTool's tools; and the skills the load decision is fitted on with requests in the same style
 * (fixtures/plain-calibration, the trigger evals), so the decision is fitted on cosines of skills the model never saw,
 * as a user's own skills will be.
 */
export function encoderGroups(): (path: string) => EncoderGroup {
  const developmentSet = new Set(requestHome().map((s) => s.path));
  const decisionFit = new Set(calibrationHome().map((s) => s.path));
  return (path) => {
    if (path.startsWith("metatool/")) return hashBucket(path) < METATOOL_HELD_APART_BELOW ? "metatool-held-apart" : "metatool-train";
    if (developmentSet.has(path)) return "development-set";
    if (decisionFit.has(path)) return "decision-fit";
    const source = path.split("/")[0];
    if (HELD_APART_SOURCES.includes(source)) return "held-apart-source";
    if (!TRAINING_SOURCES.includes(source)) return "unknown-source";
    return hashBucket(path) < BODY_HELD_OUT_BELOW ? "held-apart-skill" : "train";
  };
}

/** Repositories of fixtures/catalog whose skills may be trained on (each with its licence in fixtures/README.md). */
const TRAINING_SOURCES: readonly string[] = ["alirezarezvani", "wshobson", "K-Dense-AI", "trailofbits", "ComposioHQ", "vercel-labs"];

/** True when the encoder may train on the skill at this path. */
export const mayTrainOn = (group: EncoderGroup): boolean => group === "train" || group === "metatool-train";
