import { performance } from "node:perf_hooks";
import type { Db } from "../../../db/handle-types";
import { JevError } from "../../base/errors";
import { discover } from "../../catalog/discover";
import type { Fence } from "../../catalog/fence";
import type { SkillCard } from "../../catalog/types";
import { isWalkOverBudget } from "../../catalog/walk-budget";
import { copyClusters, type OverlapCluster, overlapClusters } from "../../curator/overlaps";
import { localCardVectors } from "../../judges/create-judge";
import { ensureDenseSide } from "../catalog/dense-setup";
import { catalogSource } from "../catalog/source";
import type { ServiceCtx } from "../context";

export interface SkillOverlaps {
  /** The skills read: every one under the default roots, Hermes's disabled ones included (they are the user's too). */
  skills: number;
  /** Skills that explain each other, closest first. */
  clusters: OverlapCluster[];
  /** Whether meaning was read too (the sentence encoder's vectors), or only words: while vectors build, or with no encoder. */
  meaning: "read" | "building" | "off";
  /** Names found in more than one root (only the first is ever offered). */
  copies: OverlapCluster[];
  /** How long finding them took. */
  ms: number;
}

// Discovery hands back the same array while nothing changed, so a page shown again costs nothing (unless the vectors
// became ready since); a changed catalog is a new array, and the old answer goes with the old array.
// copy-local: only the dashboard's copy of lib/ asks, and a second copy would only compute its own once.
const answers = new WeakMap<readonly SkillCard[], Omit<SkillOverlaps, "copies" | "ms">>();

async function cardsUnder(roots: readonly string[], fence: Fence): Promise<readonly SkillCard[]> {
  try {
    return (await discover(roots, { disabled: [], fence })).skills;
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    throw new JevError("busy", "the skill folders are over the walk's limits right now; try again shortly");
  }
}

/**
 * Overlapping skills under the default roots, found with jev's own index and, when its vectors are there, the
 * sentence encoder (lib/curator/overlaps): for any agent's skills, not only a Hermes home's. Same-name copies are
 * read root by root. `waitMs`: how long to wait for missing vectors (a one-shot command); the server never waits.
 */
export async function skillOverlaps(ctx: Pick<ServiceCtx<Db | null>, "config" | "db">, options: { waitMs?: number } = {}): Promise<SkillOverlaps> {
  const started = performance.now();
  const { roots, fence } = catalogSource({}, ctx.config);
  const cards = await cardsUnder(roots, fence);
  ensureDenseSide(ctx.config, ctx.db);
  const vectors = await localCardVectors(cards, options.waitMs);
  const meaning = Array.isArray(vectors) ? "read" : vectors;
  let found = answers.get(cards);
  if (found?.meaning !== meaning) {
    found = { skills: cards.length, clusters: overlapClusters(cards, Array.isArray(vectors) ? vectors : null), meaning };
    answers.set(cards, found);
  }
  const byRoot = await Promise.all(roots.map((root) => cardsUnder([root], fence)));
  return { ...found, copies: copyClusters(byRoot), ms: Math.round(performance.now() - started) };
}
