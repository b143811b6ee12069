import { createHash } from "node:crypto";
import type { PlanChanges } from "./consolidation-changes";
import type { CheckedPlans, ConsolidationPlan } from "./consolidation-plan";
import type { OverlapCluster } from "./overlaps";

/** A consolidation pass's preview: what the judge planned for the home's overlapping skills, and what applying it writes. */
export interface ConsolidationPreview {
  /** What `--apply` and the page's Apply name: the plans and their changes, hashed (previewId below). */
  id: string;
  home: string;
  createdAt: number;
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
  /** What asking cost, as a turn's judge accounting counts it: HTTP requests (retries included) and connections opened. */
  judgeRequests: number;
  judgeConnections: number;
}

/** A preview's id: its plans and every change they make, so two previews that would write the same have the same id. */
export function previewId(p: Pick<ConsolidationPreview, "home" | "plans" | "changes">): string {
  return createHash("sha256")
    .update(JSON.stringify({ home: p.home, plans: p.plans, changes: p.changes }))
    .digest("hex")
    .slice(0, 16);
}
