import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type DecisionModels, decisionModelsSchema } from "../decision/decision-model";

/** What the encoder's worker reads from a model folder (encoder-worker.mjs). */
const WORKER_FILES = ["model.onnx", "tokenizer.json", "tokenizer_config.json", "provenance.json"] as const;

/**
 * The load decision fitted on a model's own cosines, beside it: `bench/calibrate.ts --dense --unseen --encoder=DIR
 * --write=DIR/decision.json` writes it. A model without one would be judged by weights fitted on another model.
 */
export const DECISION_FILE = "decision.json";

/** A team's own encoder (`JEV_ENCODER_MODEL`): its folder and the decision fitted on it. */
export interface OwnEncoder {
  dir: string;
  /** The id in its provenance.json: stored vectors are keyed by it. */
  id: string;
  decision: DecisionModels;
}

/** What of provenance.json the worker cannot run without (its other keys are the model's record, not checked here). */
const provenanceSchema = z.object({ id: z.string().min(1), howToRun: z.object({ dims: z.number(), maxTokens: z.number() }) });

/** Read a model folder as `training/encoder/train.py` writes it, or say in one line what it lacks. */
export function readOwnEncoder(dir: string): OwnEncoder | { problem: string } {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return { problem: `${dir} is not a folder` };
  // Regular files only: a FIFO where a JSON file should be would hang the read at start-up.
  const missing = [...WORKER_FILES, DECISION_FILE].filter((f) => !fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.isFile());
  if (missing.length > 0) return { problem: `${dir} has no ${missing.join(", ")} (training/encoder/README.md says how a model folder is made)` };
  const provenance = provenanceSchema.safeParse(readJson(path.join(dir, "provenance.json")));
  if (!provenance.success) return { problem: `${path.join(dir, "provenance.json")} lacks an id or howToRun's dims and maxTokens` };
  const decision = decisionModelsSchema.safeParse(readJson(path.join(dir, DECISION_FILE)));
  if (!decision.success) return { problem: `${path.join(dir, DECISION_FILE)} is not decision models as bench/calibrate.ts --write makes them` };
  return { dir, id: provenance.data.id, decision: decision.data };
}

/** A file's JSON, or undefined when it is not JSON. */
function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
