import type { JevConfig } from "../../config";
import { getJudge } from "../../judges/create-judge";
import type { DenseStatus } from "../../judges/local/dense/dense-side";
import type { LocalJudge } from "../../judges/local/local-judge";

/** The judge in use as the Overview shows it: what it is and where it is asked. Never the key. */
export interface JudgeInUse {
  kind: string;
  description: string;
  /** Why it cannot be used (every selection fails open meanwhile). */
  problem?: string;
  /** The local judge's sentence encoder: `off` when JEV_ENCODER=off (the lexical judge alone). */
  encoder?: DenseStatus | { state: "off" };
}

/** The local judge's sentence encoder as this process has it. */
export function encoderInUse(config: JevConfig): JudgeInUse["encoder"] {
  if ("problem" in config.judge || config.judge.kind !== "local") return undefined;
  if (config.encoder === "off") return { state: "off" };
  // Not `instanceof`: the judge may come from the routes' copy of the module.
  const dense = (getJudge("local") as Partial<Pick<LocalJudge, "dense">>).dense;
  return dense ? dense.status() : { state: "loading" };
}

export function judgeInUse(config: JevConfig): JudgeInUse {
  const judge = config.judge;
  if ("problem" in judge) return { kind: judge.raw, description: `JEV_JUDGE=${judge.raw}`, problem: judge.problem };
  if (judge.kind === "local")
    return {
      kind: "local",
      description:
        config.encoder === "on"
          ? `the embedded local judge: BM25F over name, description and body, and ${config.encoderModel ? `your own sentence encoder (JEV_ENCODER_MODEL: ${config.encoderModel.id})` : "jev's sentence encoder"} in process; no network`
          : "the embedded local judge: BM25F over name, description and body (the sentence encoder is off: JEV_ENCODER=off); no network",
      encoder: encoderInUse(config),
    };
  const { endpoint, model, requestTimeoutMs, turnDeadlineMs, key } = judge.remote;
  return {
    kind: "openai",
    description: `${model} at ${endpoint.origin}${endpoint.pathname} (${key ? "with a key" : "no key"}; ${requestTimeoutMs} ms per request, ${turnDeadlineMs} ms per turn)`,
  };
}
