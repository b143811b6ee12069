import { processWide } from "../base/process-state";
import type { SkillCard } from "../catalog/types";
import type { JudgeKind } from "../vocab/judges";
import { DenseSide, type DenseSideOptions } from "./local/dense/dense-side";
import { type IndexBuildMode, LocalJudge } from "./local/local-judge";
import { OpenAiJudge } from "./remote/openai-judge";
import type { RemoteJudgeConfig } from "./remote/remote-config";
import type { Judge } from "./types";

/**
 * The judges of this process, on globalThis: Next.js loads this module once
 * for the start-up hook (which builds the first index) and again for the routes.
 */
const registry = processWide<{ judges: Map<JudgeKind, Judge>; mode: IndexBuildMode; dense: DenseSideOptions | null }>("jev.judges", () => ({
  judges: new Map(),
  mode: "wait",
  dense: null,
}));

/** The server builds big indexes in the background (call before the first turn); one-shot processes build in the turn. */
export function buildIndexesInBackground(): void {
  registry.mode = "background";
  void forgetJudges();
}

/**
 * The local judge's sentence encoder and where its vectors are kept (lib/services sets it up: the judges never open
 * the database); null: the lexical judge alone. The next local judge asked for gets it.
 */
export function setDenseSide(options: DenseSideOptions | null): void {
  if (registry.dense === options) return;
  registry.dense = options;
  void forgetJudges();
}

/** Whether a dense side is set up (a service sets it up once per process). */
export function denseSideConfigured(): boolean {
  return registry.dense !== null;
}

/** Drop the process's judges (their encoder's worker stops after its run in progress; the next turn makes a new judge). */
export async function forgetJudges(): Promise<void> {
  const local = registry.judges.get("local");
  registry.judges.clear();
  // Not `instanceof`: the judge may come from another copy of this module (Next's routes and the front door each load one).
  await (local as Partial<Pick<LocalJudge, "dense">> | undefined)?.dense?.close();
}

/** One judge per kind per process: the local judge's indexes live across turns. */
export function getJudge(kind: JudgeKind): Judge {
  if (kind !== "local") throw new Error("a remote judge needs its configuration: use judgeFor");
  let judge = registry.judges.get(kind);
  if (!judge) {
    judge = new LocalJudge(registry.mode, undefined, registry.dense ? new DenseSide(registry.dense) : null);
    registry.judges.set(kind, judge);
  }
  return judge;
}

/** The local index's relevance of each skill to a turn (a capped judge is sent the most relevant), or null while it builds. */
export function localRelevance(turn: string, skills: readonly SkillCard[]): Float64Array | null {
  return (getJudge("local") as LocalJudge).relevance(turn, skills);
}

/**
 * What the local judge's sentence encoder makes of these skills' cards: their vectors when held (waiting up to
 * `waitMs` for a build), "building" while they are made, or "off" with no encoder (JEV_ENCODER=off, another judge,
 * or a model that could not load).
 */
export async function localCardVectors(skills: readonly SkillCard[], waitMs = 0): Promise<Float32Array[] | "building" | "off"> {
  const dense = (getJudge("local") as Partial<Pick<LocalJudge, "dense">>).dense;
  if (!dense || dense.state === "off") return "off";
  const vectors = await dense.cardVectors(skills, waitMs);
  return vectors ?? (dense.status().state === "failed" ? "off" : "building");
}

/** The judge a configuration names: the process's local judge, or a remote one (its connections pooled per origin, process-wide). */
export function judgeFor(judge: { kind: "local" } | { kind: "openai"; remote: RemoteJudgeConfig }): Judge {
  return judge.kind === "local" ? getJudge("local") : new OpenAiJudge(judge.remote);
}
