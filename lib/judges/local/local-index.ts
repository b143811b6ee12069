import { drain, type Steps } from "../../base/steps";
import type { SkillCard } from "../../catalog/types";
import { type MatchFeature, matchFeatures, type NeedsFeature, needsFeatures, turnTerms } from "./decision/decision-features";
import { type DecisionModels, LEXICAL_MODELS, matchProbability, needsProbability, rankProbability } from "./decision/decision-model";
import { Bm25fIndex, type Bm25fParams, type Bm25fStats } from "./lexical/bm25f";
import { tokenizeCards } from "./lexical/card-tokens";
import { CharNgramIndex, type NgramStats } from "./lexical/char-ngrams";
import { readTurn, type TurnReading } from "./lexical/turn-reading";
import { LOCAL_JUDGE } from "./settings";

/** A turn's dense scores (in the index's order) and the load decision fitted on that encoder's cosines. */
export interface DenseEvidence {
  scores: Float64Array;
  models: DecisionModels;
}

/** Per-turn evidence for every skill of a catalog: lexical, and dense when the sentence encoder answered. */
export interface TurnEvidence {
  bm25: Float64Array;
  cosine: Float64Array;
  /** Each skill's best cosine with the turn in the encoder's space, or null when the lexical judge answers alone. */
  dense: Float64Array | null;
  /** Ranking score: each signal normalised by its per-turn maximum, blended. In [0, 1]. */
  blend: Float64Array;
  /** Stage 1's scores: the blend scaled by `needs` (below the engine's floor, nothing fits). */
  ranking: Float64Array;
  /** Calibrated probability that the turn needs a skill at all (turn-level evidence). */
  needs: number;
  /** The turn as read (prose and code apart). */
  reading: TurnReading;
  /** The match of each of the best-ranked skills (by position), decided with the evidence. */
  decided: ReadonlyMap<number, number>;
  /** The features `decided` and `needs` were computed from (the best-ranked first): what `bench/calibrate.ts` fits. */
  features: { finalists: Record<MatchFeature, number>[]; needs: Record<NeedsFeature, number> };
}

/**
 * Both indexes over a changing set of skills, each skill in a slot of its own. `sync` makes it hold exactly a catalog
 * snapshot's cards: a card that left is taken out, a new one put in (its terms tokenized once per card and cached),
 * so a changed SKILL.md costs its own terms. The snapshot's index is returned; it stays valid until the next sync.
 */
export class LocalCorpus {
  readonly bm25: Bm25fIndex;
  readonly ngrams = new CharNgramIndex();
  private readonly slotOf = new Map<SkillCard, number>();
  private readonly free: number[] = [];
  private capacity = 0;
  /** Bumped by every sync: an index of an earlier one is no longer current. */
  version = 0;
  /** The index of the last sync. */
  latest: LocalIndex | null = null;

  constructor(bm25Params: Bm25fParams = LOCAL_JUDGE.bm25f) {
    this.bm25 = new Bm25fIndex(bm25Params);
  }

  /** Whether it holds exactly these cards. */
  holdsExactly(skills: readonly SkillCard[]): boolean {
    return this.overlap(skills) === skills.length && this.slotOf.size === new Set(skills).size;
  }

  /** How many of these cards it holds already. */
  overlap(skills: readonly SkillCard[]): number {
    let n = 0;
    for (const s of skills) if (this.slotOf.has(s)) n++;
    return n;
  }

  sync(skills: readonly SkillCard[]): LocalIndex {
    const wanted = new Set(skills);
    let changed = false;
    for (const [card, slot] of this.slotOf) {
      if (wanted.has(card)) continue;
      this.bm25.remove(slot);
      this.ngrams.remove(slot);
      this.slotOf.delete(card);
      this.free.push(slot);
      changed = true;
    }
    for (const card of wanted) {
      if (this.slotOf.has(card)) continue;
      const slot = this.free.pop() ?? this.capacity++;
      this.bm25.add(slot, card);
      this.ngrams.add(slot, card);
      this.slotOf.set(card, slot);
      changed = true;
    }
    const slots = Int32Array.from(skills, (card) => this.slotOf.get(card) as number);
    // The same cards (another array, another order): the statistics hold, and earlier indexes stay current.
    if (!changed && this.latest) return new LocalIndex(skills, this, slots, this.version, this.latest.bm25Stats, this.latest.ngramStats);
    const held = Int32Array.from(wanted, (card) => this.slotOf.get(card) as number);
    this.version++;
    this.latest = new LocalIndex(skills, this, slots, this.version, this.bm25.stats(held, this.capacity), this.ngrams.stats(held, this.capacity));
    return this.latest;
  }

  /** Put cards in a few at a time (a corpus no index reads yet: a fresh build), so a background build never holds the server long. */
  *fill(skills: readonly SkillCard[]): Steps<void> {
    if (this.latest) throw new Error("fill is for a fresh corpus");
    for (let i = 0; i < skills.length; i++) {
      const card = skills[i];
      if (this.slotOf.has(card)) continue;
      const slot = this.capacity++;
      this.bm25.add(slot, card);
      this.ngrams.add(slot, card);
      this.slotOf.set(card, slot);
      if (i % LOCAL_JUDGE.index.fillSlice === LOCAL_JUDGE.index.fillSlice - 1) yield i / skills.length;
    }
  }

  get size(): number {
    return this.capacity;
  }
}

/** The per-skill scores the decision's features are read from. */
export type TurnScores = Pick<TurnEvidence, "bm25" | "cosine" | "blend" | "dense">;

/** The index of one catalog snapshot: its skills' slots in a corpus, and the statistics scoring needs. */
export class LocalIndex {
  /** The evidence of the turns asked lately, oldest first (see `evidence`). */
  private readonly recent = new Map<string, TurnEvidence>();
  private bySlot: [Float64Array, Float64Array, Float64Array] | undefined;
  private byPath: Map<string, number> | null = null;

  constructor(
    readonly skills: readonly SkillCard[],
    readonly corpus: LocalCorpus,
    private readonly slots: Int32Array,
    private readonly version: number,
    readonly bm25Stats: Bm25fStats,
    readonly ngramStats: NgramStats,
  ) {}

  /** An index of these skills built in one go, in a corpus of its own. */
  static from(skills: readonly SkillCard[], bm25Params: Bm25fParams = LOCAL_JUDGE.bm25f): LocalIndex {
    return drain(LocalIndex.build(skills, bm25Params));
  }

  /**
   * The same, a slice at a time: the cards are tokenized a few at a time
   * (the bulk of a cold build with bodies), then put in the corpus from their
   * cached terms in one go.
   */
  static *build(skills: readonly SkillCard[], bm25Params: Bm25fParams = LOCAL_JUDGE.bm25f): Steps<LocalIndex> {
    yield* tokenizeCards(skills);
    const corpus = new LocalCorpus(bm25Params);
    yield* corpus.fill(skills);
    return corpus.sync(skills);
  }

  /** Whether its corpus still holds exactly its skills (no sync for another snapshot since). */
  get current(): boolean {
    return this.corpus.version === this.version;
  }

  /** Each skill's position, by path (to answer for a newer snapshot while its own index builds). */
  positionsByPath(): ReadonlyMap<string, number> {
    this.byPath ??= new Map(this.skills.map((s, i) => [s.path, i]));
    return this.byPath;
  }

  /**
   * Evidence for a turn, with its dense scores (in this index's order) when the encoder answered. Every batch of a
   * turn asks again, and under concurrent load other turns' batches come in between: the last
   * LOCAL_JUDGE.index.recentTurns turns are kept, so each turn is scored once. Only while current.
   */
  evidence(turn: string, withDense: DenseEvidence | null = null): TurnEvidence {
    const dense = withDense?.scores ?? null;
    const key = dense ? `dense\0${turn}` : turn;
    const known = this.recent.get(key);
    if (known) return known;
    // Its statistics describe the corpus as it was: scored against postings changed since, the numbers would be wrong.
    if (!this.current) throw new Error("evidence asked of an index that is no longer current");
    const reading = readTurn(turn);
    const [bySlotBm25, bySlotRouting, scratchCosine] = this.scratch();
    this.corpus.bm25.score(reading.terms, this.bm25Stats, bySlotBm25, bySlotRouting);
    const bySlotCosine = this.corpus.ngrams.cosine(reading.ngramWords, this.ngramStats, scratchCosine);
    // The turn's four arrays share one buffer: an array this size lives outside V8's heap, and each cost an allocation and a sweep.
    const n = this.slots.length;
    const buffer = new Float64Array(4 * n);
    const bm25 = buffer.subarray(0, n);
    const cosine = buffer.subarray(n, 2 * n);
    const blend = buffer.subarray(2 * n, 3 * n);
    const ranking = buffer.subarray(3 * n);
    gather(bySlotBm25, this.slots, bm25);
    gather(bySlotCosine, this.slots, cosine);
    const maxBm25 = max(bm25);
    const maxCosine = max(cosine);
    const maxRouting = maxAt(bySlotRouting, this.slots);
    for (let i = 0; i < n; i++) {
      const lexical =
        (1 - LOCAL_JUDGE.ranking.routingBlend) * (maxBm25 > 0 ? bm25[i] / maxBm25 : 0) +
        LOCAL_JUDGE.ranking.routingBlend * (maxRouting > 0 ? bySlotRouting[this.slots[i]] / maxRouting : 0);
      blend[i] = (1 - LOCAL_JUDGE.ranking.cosineBlend) * lexical + LOCAL_JUDGE.ranking.cosineBlend * (maxCosine > 0 ? cosine[i] / maxCosine : 0);
      // The dense cosine as it is (not over its best): an unrelated turn's best is low, and should rank nothing high.
      if (dense) blend[i] = (1 - LOCAL_JUDGE.ranking.denseBlend) * blend[i] + LOCAL_JUDGE.ranking.denseBlend * Math.max(0, dense[i]);
    }
    const ranked = bestPositions(blend, LOCAL_JUDGE.ranking.decided);
    const standing = dense ? zScore(dense) : () => 0;
    const finalists = this.features(reading, { bm25, cosine, blend, dense }, ranked, standing);
    const models = withDense?.models ?? LEXICAL_MODELS;
    const bestDense = dense ? max(dense) : 0;
    const turnFeatures = needsFeatures(finalists[0] ?? null, maxBm25, maxCosine, bestDense, standing(bestDense));
    const needs = maxBm25 > 0 || maxCosine > 0 || dense ? needsProbability(models, turnFeatures) : 0;
    for (let i = 0; i < n; i++) ranking[i] = blend[i] * needs;
    const decided = new Map(ranked.map((i, k) => [i, matchProbability(rankProbability(models, finalists[k]), needs)]));
    const evidence = { bm25, cosine, dense, blend, ranking, needs, reading, decided, features: { finalists, needs: turnFeatures } };
    if (this.recent.size >= LOCAL_JUDGE.index.recentTurns) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(key, evidence);
    return evidence;
  }

  /** Three zeroed arrays of the corpus's size for the scores by slot, reused turn after turn (read into arrays of the turn's own before anything else runs). */
  private scratch(): [Float64Array, Float64Array, Float64Array] {
    const size = this.corpus.size;
    if (this.bySlot?.[0].length !== size) this.bySlot = [new Float64Array(size), new Float64Array(size), new Float64Array(size)];
    else for (const a of this.bySlot) a.fill(0);
    return this.bySlot;
  }

  /** The decision's features of the skills at these positions (the best-ranked, best first). */
  private features(
    reading: TurnReading,
    scores: TurnScores,
    positions: readonly number[],
    standing: (dense: number) => number,
  ): Record<MatchFeature, number>[] {
    const { bm25, cosine, blend, dense } = scores;
    if (positions.length === 0) return [];
    const terms = turnTerms(
      this.corpus.bm25.termMatches(
        reading.terms,
        this.bm25Stats,
        positions.map((i) => this.slots[i]),
      ),
      reading.terms,
    );
    const [first] = positions;
    // Skills of one name are one choice for the agent (its loader opens a skill by name): they are never each other's rival.
    const nameOf = (i: number) => this.skills[i].name;
    const crowd = new Set<string>();
    for (let i = 0; i < blend.length; i++) if (blend[i] >= LOCAL_JUDGE.ranking.crowdShare * blend[first]) crowd.add(nameOf(i));
    return positions.map((i, k) => {
      const other = positions.find((j) => nameOf(j) !== nameOf(i));
      const scores = {
        bm25: bm25[i],
        cosine: cosine[i],
        blend: blend[i],
        bestBlend: blend[first],
        bestOtherBlend: other === undefined ? 0 : blend[other],
        bestOtherBm25: other === undefined ? 0 : bm25[other],
        crowd: crowd.size,
        dense: dense ? dense[i] : 0,
        bestOtherDense: dense && other !== undefined ? dense[other] : 0,
        denseZ: dense ? standing(dense[i]) : 0,
      };
      return matchFeatures(terms, k, scores, reading.codeShare, this.skills.length);
    });
  }

  /** Calibrated probability that skill `i` is the one to load for the evidenced turn (0 for a skill ranked too low to be decided). */
  match(evidence: TurnEvidence, i: number): number {
    return evidence.decided.get(i) ?? 0;
  }
}

/** `values` at each of `slots`, in their order, into `out`. A loop: `Float64Array.from` with a map function costs ten times as much per turn. */
function gather(values: Float64Array, slots: Int32Array, out: Float64Array): void {
  for (let i = 0; i < slots.length; i++) out[i] = values[slots[i]];
}

/** Positions of the `k` highest positive values, highest first, ties by lower position (the engine's stage-1 order). */
function bestPositions(values: Float64Array, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v > 0) || (out.length === k && !(v > values[out[k - 1]]))) continue;
    let at = out.length;
    while (at > 0 && v > values[out[at - 1]]) at--;
    out.splice(at, 0, i);
    if (out.length > k) out.pop();
  }
  return out;
}

/** The largest of `values` at these slots (0 when none is positive). */
function maxAt(values: Float64Array, slots: Int32Array): number {
  let m = 0;
  for (let i = 0; i < slots.length; i++) if (values[slots[i]] > m) m = values[slots[i]];
  return m;
}

/** A value's distance above the mean of `values`, in their standard deviations (0 when they do not vary). */
function zScore(values: Float64Array): (v: number) => number {
  let sum = 0;
  let squares = 0;
  for (const v of values) {
    sum += v;
    squares += v * v;
  }
  const mean = sum / Math.max(1, values.length);
  const sd = Math.sqrt(Math.max(0, squares / Math.max(1, values.length) - mean * mean));
  return (v) => (sd > 1e-9 ? (v - mean) / sd : 0);
}

function max(values: Float64Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}
