import path from "node:path";
import { JevError } from "../../base/errors";
import { readSkillCard } from "../../catalog/discover";
import type { SkillCard } from "../../catalog/types";
import type { JevConfig } from "../../config";
import { planChanges } from "../../curator/consolidation-changes";
import { type CheckedPlans, type ConsolidationPlan, checkAnswer, planFactsOf } from "../../curator/consolidation-plan";
import { type ConsolidationPreview, previewId } from "../../curator/consolidation-preview";
import { consolidationMessages } from "../../curator/consolidation-request";
import { type CuratorHome, loadCuratorHome } from "../../curator/curator-home";
import { type OverlapCluster, overlapClusters } from "../../curator/overlaps";
import { OpenAiJudge } from "../../judges/remote/openai-judge";
import type { RemoteJudgeConfig } from "../../judges/remote/remote-config";
import { JudgeError } from "../../judges/types";
import type { ServiceCtx } from "../context";

export type { ConsolidationPreview };

import { homeOptionsOf, requireHome } from "./home";
import { readPreview, savePreview } from "./internal/consolidation-store";

/** Clusters per question: a judge answers a short list quicker, and one bad answer costs only its own clusters. */
export const CLUSTERS_PER_REQUEST = 8;

/** Why a judge's failure left its clusters without a plan, in a line (never the judge's own text). */
const JUDGE_FAILURE: Record<string, string> = {
  timeout: "the judge did not answer in time",
  rate_limited: "the judge is rate-limited",
  invalid_response: "the judge's answer was not JSON",
};

const NEEDS_REMOTE_JUDGE =
  "the consolidation pass asks a remote judge for its plans: set JEV_JUDGE=openai and JEV_JUDGE_URL (the local judge ranks, it writes no plans)";

/** The remote judge's settings, or null when the configured judge cannot write plans. */
export function planningJudge(config: JevConfig) {
  return "problem" in config.judge || config.judge.kind !== "openai" ? null : config.judge.remote;
}

/**
 * `jev curator consolidate`, the page's Preview (issue 46): the Hermes home's overlapping skills sent to the
 * configured remote judge and its plans checked and composed; saved for `--apply`, nothing else written.
 */
export async function consolidationPreview(ctx: Pick<ServiceCtx, "config" | "clock">): Promise<ConsolidationPreview> {
  const home = requireHome(ctx.config);
  const remote = planningJudge(ctx.config);
  if (!remote) throw new JevError("conflict", NEEDS_REMOTE_JUDGE);
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
  const preview = await planConsolidation(remote, h, ctx.clock());
  await savePreview(ctx.config.dbFile, preview);
  return preview;
}

/** The preview `--apply` would carry out now (the page shows it), or null: none saved, or one of another home. */
export function savedConsolidationPreview(config: JevConfig): ConsolidationPreview | null {
  const saved = readPreview(config.dbFile);
  return saved && saved.home === config.hermesHome ? saved : null;
}

/** The plans for a loaded home: its overlapping local skills, a batch of clusters per question, each answer checked. */
export async function planConsolidation(remote: RemoteJudgeConfig, h: CuratorHome, now: number): Promise<ConsolidationPreview> {
  const home = h.home;
  const cards = new Map<string, SkillCard>();
  for (const s of h.local) {
    const card = readSkillCard(path.join(s.folder, "SKILL.md"));
    if (card) cards.set(s.name, { ...card, name: s.name });
  }
  const clusters = overlapClusters([...cards.values()]);
  const facts = planFactsOf(h);
  const judge = new OpenAiJudge(remote);
  const plans: ConsolidationPlan[] = [];
  const refused: CheckedPlans["refused"] = [];
  // Only a group with a skill the curator may change is asked about: the rest would be sent for nothing.
  const askable: { cluster: OverlapCluster; number: number }[] = [];
  clusters.forEach((cluster, i) => {
    if (cluster.skills.some((s) => facts.notAbsorbable(s.name) === null)) askable.push({ cluster, number: i + 1 });
    else refused.push({ cluster: i + 1, reason: "none of its skills is one the curator may change" });
  });
  let requests = 0;
  // Accounted as a turn's questions are: HTTP requests sent (retries included) and connections opened.
  const meter = { requests: 0, connections: 0 };
  for (let start = 0; start < askable.length; start += CLUSTERS_PER_REQUEST) {
    const batch = askable.slice(start, start + CLUSTERS_PER_REQUEST);
    const batchClusters = batch.map((b) => b.cluster);
    // The question numbers its clusters from 1; the preview numbers them all.
    const numberOf = (inBatch: number) => batch[inBatch - 1]?.number ?? 0;
    const messages = consolidationMessages(
      batchClusters,
      (s) => cards.get(s.name) ?? null,
      (name) => facts.notAbsorbable(name),
    );
    requests++;
    let answer: unknown;
    try {
      answer = await judge.askJson(messages, { meter });
    } catch (err) {
      if (!(err instanceof JudgeError)) throw err;
      const why = JUDGE_FAILURE[err.reason] ?? `the judge's answer could not be used (${err.reason})`;
      for (const b of batch) refused.push({ cluster: b.number, reason: `${why}: nothing changed` });
      continue;
    }
    const checked = checkAnswer(answer, batchClusters, facts);
    for (const plan of checked.plans) plans.push({ ...plan, cluster: numberOf(plan.cluster) });
    for (const r of checked.refused) {
      // A whole answer refused (cluster 0) leaves every cluster of its batch without a plan.
      if (r.cluster === 0) for (const b of batch) refused.push({ cluster: b.number, reason: r.reason });
      else refused.push({ cluster: numberOf(r.cluster), reason: r.reason });
    }
  }
  const composed = planChanges(h, plans);
  refused.push(...composed.refused);
  const carried = new Set(composed.changes.map((c) => c.cluster));
  const kept = { home, plans: plans.filter((p) => carried.has(p.cluster)), changes: composed.changes };
  return { id: previewId(kept), ...kept, createdAt: now, clusters, refused, requests, judgeRequests: meter.requests, judgeConnections: meter.connections };
}
