import type { SkillCard } from "../../catalog/types";
import type { Judge, RankedCatalog, StageOneRequest, StageOneResult, StageTwoRequest, StageTwoResult } from "../types";
import { LocalIndex } from "./local-index";

/**
 * The embedded judge: BM25F over name and description plus a character
 * n-gram cosine, no network and no model files. Indexes are built once per
 * catalog snapshot (keyed by the catalog's identity).
 */
export class LocalJudge implements Judge {
  readonly kind = "local" as const;
  private readonly indexes = new WeakMap<readonly SkillCard[], LocalIndex>();

  private index(catalog: RankedCatalog): LocalIndex {
    let index = this.indexes.get(catalog.skills);
    if (!index) {
      index = new LocalIndex(catalog.skills);
      this.indexes.set(catalog.skills, index);
    }
    return index;
  }

  async stageOne({ turn, catalog, batch }: StageOneRequest): Promise<StageOneResult> {
    const evidence = this.index(catalog).evidence(turn);
    // Ordered by the blend, scaled so the best skill's score is its calibrated probability.
    return { scores: batch.map((i) => evidence.blend[i] * evidence.best) };
  }

  async stageTwo({ turn, catalog, finalists }: StageTwoRequest): Promise<StageTwoResult> {
    const index = this.index(catalog);
    const evidence = index.evidence(turn);
    // Each finalist's own calibrated match, never above a better-ranked one's:
    // the blend is the better ranking (measured), the calibration says how sure.
    const matches: number[] = [];
    for (const i of finalists) matches.push(Math.min(index.match(evidence, i), matches.at(-1) ?? 1));
    return { needsSkill: evidence.needs, matches };
  }
}
