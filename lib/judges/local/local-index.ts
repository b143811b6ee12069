import type { SkillCard } from "../../catalog/types";
import type { Steps } from "../../steps";
import { contentWords, stemWord } from "./analyze";
import { BM25F, Bm25fIndex, type Bm25fParams, fieldTermsOf } from "./bm25f";
import { COSINE_BLEND, matchProbability, needsSkillProbability } from "./calibration";
import { CharNgramIndex } from "./char-ngrams";

/** Text tokenized between two pauses of a background build (~10 ms here). */
const SLICE_CHARS = 64_000;

/** Per-turn lexical evidence for every skill of a catalog. */
export interface TurnEvidence {
  bm25: Float64Array;
  cosine: Float64Array;
  /** Ranking score: each signal normalised by its per-turn maximum, blended. In [0, 1]. */
  blend: Float64Array;
  /** Calibrated match of the best-ranked skill. */
  best: number;
  /** Calibrated probability that the turn needs a skill at all (turn-level evidence). */
  needs: number;
}

/** Both indexes of one catalog snapshot, built once and reused for every turn. */
export class LocalIndex {
  private readonly bm25: Bm25fIndex;
  private readonly ngrams: CharNgramIndex;
  private memo: { turn: string; evidence: TurnEvidence } | null = null;

  constructor(
    readonly skills: readonly SkillCard[],
    bm25Params: Bm25fParams = BM25F,
  ) {
    this.bm25 = new Bm25fIndex(skills, bm25Params);
    this.ngrams = new CharNgramIndex(skills);
  }

  /**
   * The same index built a slice at a time: the cards are tokenized a few at
   * a time (the bulk of a cold build with bodies), then both indexes are
   * assembled from the cached terms in one go.
   */
  static *build(skills: readonly SkillCard[], bm25Params: Bm25fParams = BM25F): Steps<LocalIndex> {
    let chars = 0;
    for (let i = 0; i < skills.length; i++) {
      fieldTermsOf(skills[i]);
      chars += (skills[i].body?.length ?? 0) + skills[i].description.length;
      if (chars >= SLICE_CHARS) {
        chars = 0;
        yield (i / skills.length) * 0.8;
      }
    }
    return new LocalIndex(skills, bm25Params);
  }

  private byPath: Map<string, number> | null = null;

  /** Each skill's position, by path (to answer for a newer snapshot while its own index builds). */
  positionsByPath(): ReadonlyMap<string, number> {
    this.byPath ??= new Map(this.skills.map((s, i) => [s.path, i]));
    return this.byPath;
  }

  /** Evidence for a turn; the last turn is memoised since every batch of it asks again. */
  evidence(turn: string): TurnEvidence {
    if (this.memo?.turn === turn) return this.memo.evidence;
    const words = contentWords(turn);
    const bm25 = this.bm25.score(words.map(stemWord));
    const cosine = this.ngrams.cosine(words);
    const maxBm25 = max(bm25);
    const maxCosine = max(cosine);
    const blend = new Float64Array(bm25.length);
    let bestIndex = -1;
    for (let i = 0; i < blend.length; i++) {
      blend[i] = (1 - COSINE_BLEND) * (maxBm25 > 0 ? bm25[i] / maxBm25 : 0) + COSINE_BLEND * (maxCosine > 0 ? cosine[i] / maxCosine : 0);
      if (blend[i] > 0 && (bestIndex < 0 || blend[i] > blend[bestIndex])) bestIndex = i;
    }
    const best = bestIndex < 0 ? 0 : matchProbability(bm25[bestIndex], cosine[bestIndex], 1);
    const needs = maxBm25 > 0 || maxCosine > 0 ? needsSkillProbability(maxBm25, maxCosine) : 0;
    const evidence = { bm25, cosine, blend, best, needs };
    this.memo = { turn, evidence };
    return evidence;
  }

  /** Calibrated probability that skill `i` is the one to load for the evidenced turn. */
  match(evidence: TurnEvidence, i: number): number {
    return matchProbability(evidence.bm25[i], evidence.cosine[i], evidence.blend[i]);
  }
}

function max(values: Float64Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}
