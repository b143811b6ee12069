import type { JevConfig } from "../../config";

/** The judge in use as the Overview shows it: what it is and where it is asked. Never the key. */
export interface JudgeInUse {
  kind: string;
  description: string;
  /** Why it cannot be used (every selection fails open meanwhile). */
  problem?: string;
}

export function judgeInUse(config: JevConfig): JudgeInUse {
  const judge = config.judge;
  if ("problem" in judge) return { kind: judge.raw, description: `JEV_JUDGE=${judge.raw}`, problem: judge.problem };
  if (judge.kind === "local") return { kind: "local", description: "the embedded local judge: BM25F over name, description and body; no network" };
  const { endpoint, model, requestTimeoutMs, turnDeadlineMs, key } = judge.remote;
  return {
    kind: "openai",
    description: `${model} at ${endpoint.origin}${endpoint.pathname} (${key ? "with a key" : "no key"}; ${requestTimeoutMs} ms per request, ${turnDeadlineMs} ms per turn)`,
  };
}
