import { processWide } from "../base/process-state";
import { TreeWatch } from "../catalog/tree-watch";
import type { WalkBudget } from "../catalog/walk-budget";
import { type SkillTree, walkCuratorTree } from "./skill-tree";

/**
 * Curator trees kept for the dashboard's views (Skills, skill and Curator pages, `GET /api/skills`): kept while
 * the watch of every folder it read reports no change, for MAX_AGE_MS at most; jev's own moves forget them all.
 * Decisions (the curator's run, archive, restore, adopt, prune) always walk afresh.
 */
// Those views walked a thousand skill folders each time, most of what they allocated (lib/README.md). Dot
// entries, Hermes's usage file among them, are not changes; MAX_AGE_MS bounds a change a watch missed.
interface KeptTree {
  tree: SkillTree;
  watch: TreeWatch;
  at: number;
}

const MAX_AGE_MS = 10_000;
/** Root lists kept at once (a home's own root, and its external roots'); past it, the oldest goes. */
const MAX_KEPT = 8;

/** Process-wide: Next.js loads the views' modules more than once, and a move must reach every copy. */
const kept = processWide("jev.keptCuratorTrees", () => new Map<string, KeptTree>());

/** The tree under `root` (`key` names it with what shapes its walk), walked only when the kept one may be stale. */
export async function keptCuratorTree(
  key: string,
  root: string,
  budget: WalkBudget,
  skip?: (realFolder: string) => boolean,
  skillRoots: readonly string[] = [],
): Promise<SkillTree> {
  const hit = kept.get(key);
  if (hit && !hit.watch.dirty && !hit.watch.broken && Date.now() - hit.at < MAX_AGE_MS) return hit.tree;
  forgetTree(key);
  const at = Date.now();
  const tree = await walkCuratorTree(root, budget, skip, skillRoots);
  // Watched from now: a change made while the walk ran may be missed, for MAX_AGE_MS at most.
  const watch = new TreeWatch(tree.folders);
  if (watch.broken) return tree; // events cannot be trusted: nothing is kept
  kept.set(key, { tree, watch, at });
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    forgetTree(oldest);
  }
  return tree;
}

function forgetTree(key: string): void {
  kept.get(key)?.watch.close();
  kept.delete(key);
}

/** After jev moved a skill folder: every view walks again. */
export function forgetKeptCuratorTrees(): void {
  for (const key of [...kept.keys()]) forgetTree(key);
}
