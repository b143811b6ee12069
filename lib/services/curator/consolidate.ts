import path from "node:path";
import { JevError } from "../../base/errors";
import { readSkillCard } from "../../catalog/discover";
import type { SkillCard } from "../../catalog/types";
import { type PlanChanges, planChanges } from "../../curator/consolidation-changes";
import { type CheckedPlans, type ConsolidationPlan, checkAnswer, planFactsOf } from "../../curator/consolidation-plan";
import { consolidationMessages } from "../../curator/consolidation-request";
import { loadCuratorHome } from "../../curator/curator-home";
import { type OverlapCluster, overlapClusters } from "../../curator/overlaps";
import { OpenAiJudge } from "../../judges/remote/openai-judge";
import { JudgeError } from "../../judges/types";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";

/** Clusters per question: a judge answers a short list quicker, and one bad answer costs only its own clusters. */
export const CLUSTERS_PER_REQUEST = 8;

export interface ConsolidationPreview {
  home: string;
  /** The Hermes home's own skills that overlap (jev's local index), numbered from 1 as the plans name them. */
  clusters: OverlapCluster[];
  /** The judge's plans that keep every rule. */
  plans: ConsolidationPlan[];
  /** What each of those plans would change: the umbrella's SKILL.md as a diff, the references, the archives, the cron jobs. */
  changes: PlanChanges[];
  /** The clusters left without a plan by a refused plan or answer, or a judge that failed, and why: none changes anything. */
  refused: CheckedPlans["refused"];
  /** Questions asked of the judge. */
  requests: number;
}

/** Why a judge's failure left its clusters without a plan, in a line (never the judge's own text). */
const JUDGE_FAILURE: Record<string, string> = { timeout: "the judge did not answer in time", rate_limited: "the judge is rate-limited" };

/**
 * The consolidation pass's plans, previewed (issue 46): the Hermes home's overlapping skills are sent to the
 * configured remote judge, a batch of clusters at a time, and its answers checked. Nothing is written.
 */
export async function consolidationPreview(ctx: Pick<ServiceCtx, "config">): Promise<ConsolidationPreview> {
  const { config } = ctx;
  const home = requireHome(config);
  if ("problem" in config.judge || config.judge.kind !== "openai")
    throw new JevError(
      "conflict",
      "the consolidation pass asks a remote judge for its plans: set JEV_JUDGE=openai and JEV_JUDGE_URL (the local judge ranks, it writes no plans)",
    );
  const h = await loadCuratorHome(home, homeOptionsOf(config));
  const cards = new Map<string, SkillCard>();
  for (const s of h.local) {
    const card = readSkillCard(path.join(s.folder, "SKILL.md"));
    if (card) cards.set(s.name, { ...card, name: s.name });
  }
  const clusters = overlapClusters([...cards.values()]);
  const facts = planFactsOf(h);
  const judge = new OpenAiJudge(config.judge.remote);
  const plans: ConsolidationPlan[] = [];
  const refused: CheckedPlans["refused"] = [];
  let requests = 0;
  for (let start = 0; start < clusters.length; start += CLUSTERS_PER_REQUEST) {
    const batch = clusters.slice(start, start + CLUSTERS_PER_REQUEST);
    const messages = consolidationMessages(
      batch,
      (s) => cards.get(s.name) ?? null,
      (name) => facts.notAbsorbable(name),
    );
    requests++;
    let answer: unknown;
    try {
      answer = await judge.askJson(messages);
    } catch (err) {
      if (!(err instanceof JudgeError)) throw err;
      const why = JUDGE_FAILURE[err.reason] ?? `the judge's answer could not be used (${err.reason})`;
      for (let i = 0; i < batch.length; i++) refused.push({ cluster: start + i + 1, reason: `${why}: nothing changed` });
      continue;
    }
    const checked = checkAnswer(answer, batch, facts);
    // The batch numbers its clusters from 1; the preview numbers them all.
    for (const plan of checked.plans) plans.push({ ...plan, cluster: plan.cluster + start });
    for (const r of checked.refused) {
      // A whole answer refused (cluster 0) leaves every cluster of its batch without a plan.
      if (r.cluster === 0) for (let i = 0; i < batch.length; i++) refused.push({ cluster: start + i + 1, reason: r.reason });
      else refused.push({ cluster: r.cluster + start, reason: r.reason });
    }
  }
  const composed = planChanges(h, plans);
  refused.push(...composed.refused);
  const carried = new Set(composed.changes.map((c) => c.cluster));
  return { home, clusters, plans: plans.filter((p) => carried.has(p.cluster)), changes: composed.changes, refused, requests };
}
