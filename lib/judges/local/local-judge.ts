import { isPending, type MaybePromise, thenMaybe } from "../../base/maybe-promise";
import { drainAsync } from "../../base/steps";
import type { SkillCard } from "../../catalog/types";
import {
  type Judge,
  type JudgeAnswer,
  JudgeError,
  type RankedCatalog,
  type StageOneRequest,
  type StageOneResult,
  type StageTwoRequest,
  type StageTwoResult,
} from "../types";
import type { DenseSide } from "./dense/dense-side";
import { isTokenized } from "./lexical/card-tokens";
import { type Tokenized, tokenizeInParallel } from "./lexical/parallel-tokenize";
import { type DenseEvidence, LocalCorpus, type LocalIndex, type TurnEvidence } from "./local-index";
import { LOCAL_JUDGE } from "./settings";

/**
 * How a catalog whose cards are not tokenized yet is answered: `wait` tokenizes them in the turn (the CLI, tests);
 * `background` (the server) answers from the last index while most of the catalog is in it, else waits for the
 * build up to LOCAL_JUDGE.index.buildWaitMs and fails open with `index_building` past that. The reply's warnings say which.
 */
// In `background` a little text is still tokenized in the turn and the rest a slice at a time; a skill added
// meanwhile scores 0, a changed one as it was. Cards already tokenized go in and out of a corpus in milliseconds.
export type IndexBuildMode = "wait" | "background";

/** An index and, when it was built for another snapshot, where each skill of this one sits in it. */
interface IndexView {
  index: LocalIndex;
  /** Position in `index` of each skill of the asking catalog (-1: not in it), or null when it is the catalog's own. */
  positions: Int32Array | null;
  /** Set when the index is not this catalog's own current one: how the turn was answered. */
  note?: string;
}

/**
 * The embedded judge: BM25F over name, description and body plus a character
 * n-gram cosine, no network and no model files. Each catalog snapshot's index
 * is kept (keyed by the catalog's identity); a new snapshot updates the corpus
 * that has most of its cards, so a change costs what changed.
 */
export class LocalJudge implements Judge {
  readonly kind = "local" as const;
  private readonly indexes = new WeakMap<readonly SkillCard[], LocalIndex>();
  private readonly tokenizing = new WeakMap<readonly SkillCard[], Promise<LocalIndex>>();
  /** Most recently used first. */
  private corpora: LocalCorpus[] = [];

  constructor(
    private readonly mode: IndexBuildMode = "wait",
    /** How long a turn with no usable index waits for its build (tests shorten it). */
    private readonly buildWaitMs = LOCAL_JUDGE.index.buildWaitMs,
    /** The sentence encoder's side; without it the judge is lexical alone (`jev eval --judge lexical`, unit tests). */
    readonly dense: DenseSide | null = null,
  ) {}

  /** Build the index of a catalog ahead of its first turn (at start-up, or in the background); resolves when it is ready. */
  prepare(skills: readonly SkillCard[]): Promise<LocalIndex> {
    const ready = this.ready(skills);
    if (ready) return Promise.resolve(ready);
    let pending = this.tokenizing.get(skills);
    if (!pending) {
      this.buildsInFlight++;
      pending = (async () => {
        const started = performance.now();
        const corpus = this.corpusFor(skills);
        // A new corpus is filled a slice at a time before anyone reads it (starting while the worker still tokenizes);
        // an existing one takes what changed at once.
        const fresh = !corpus.latest;
        const threads = await tokenizeInParallel(skills, fresh ? (tokenized) => drainAsync(corpus.fill(tokenized)) : undefined);
        if (fresh) await drainAsync(corpus.fill(skills));
        const index = this.sync(skills, corpus);
        if (fresh) this.lastBuild = { skills: skills.length, ms: performance.now() - started, tokenized: threads };
        return index;
      })();
      pending
        .finally(() => {
          this.tokenizing.delete(skills);
          this.buildsInFlight--;
        })
        .catch(() => {});
      this.tokenizing.set(skills, pending);
    }
    return pending;
  }

  /** Whether these cards have a current index (`ready`), one is being built in the background (`building`), or neither. */
  indexState(skills: readonly SkillCard[]): "ready" | "building" | "none" {
    if (this.ready(skills) || this.corpora.some((c) => c.latest?.current && c.holdsExactly(skills))) return "ready";
    return this.buildsInFlight > 0 ? "building" : "none";
  }

  private buildsInFlight = 0;
  /** The last index built from scratch by `prepare`: its size, how long it took, how it was tokenized (for the start-up log). */
  lastBuild: { skills: number; ms: number; tokenized: Tokenized } | null = null;

  /** The catalog's index if it is built and its corpus still holds exactly it. */
  private ready(skills: readonly SkillCard[]): LocalIndex | null {
    const index = this.indexes.get(skills);
    return index?.current ? index : null;
  }

  /** Put the catalog in the corpus that has most of it (its cards are tokenized, or are tokenized now). */
  private sync(skills: readonly SkillCard[], corpus = this.corpusFor(skills)): LocalIndex {
    this.corpora = [corpus, ...this.corpora.filter((c) => c !== corpus)].slice(0, LOCAL_JUDGE.index.maxCorpora);
    const index = corpus.sync(skills);
    this.indexes.set(skills, index);
    return index;
  }

  private corpusFor(skills: readonly SkillCard[]): LocalCorpus {
    let best: LocalCorpus | null = null;
    let most = 0;
    for (const corpus of this.corpora) {
      const n = corpus.overlap(skills);
      if (n > most) [best, most] = [corpus, n];
    }
    // A catalog that shares little with every corpus (other roots) gets its own, so two catalogs in turn do not rebuild each other.
    if (best && (most >= skills.length * LOCAL_JUDGE.index.staleIndexMinShare || this.corpora.length >= LOCAL_JUDGE.index.maxCorpora)) return best;
    return new LocalCorpus();
  }

  /** An index to answer this catalog from now (its own, built in the turn when small, or the previous one), else null. */
  private usableView(catalog: RankedCatalog): IndexView | null {
    const skills = catalog.skills;
    const ready = this.ready(skills);
    if (ready) return { index: ready, positions: null };
    if (this.mode === "wait" || untokenizedChars(skills) <= LOCAL_JUDGE.index.inTurnMaxChars) return { index: this.sync(skills), positions: null };
    void this.prepare(skills).catch(() => {
      console.error("[jev] building the local index failed");
    });
    for (const corpus of this.corpora) {
      const positions = corpus.latest ? positionsIn(corpus.latest, skills) : null;
      if (corpus.latest && positions) {
        const known = positions.reduce((n, p) => n + (p >= 0 ? 1 : 0), 0);
        return {
          index: corpus.latest,
          positions,
          note: `answered from the previous local index (${known} of ${skills.length} skills); the new one is building`,
        };
      }
    }
    return null;
  }

  /** The index to answer from: a usable one now, else this catalog's own once built, waiting at most LOCAL_JUDGE.index.buildWaitMs. */
  private view(catalog: RankedCatalog): IndexView | Promise<IndexView> {
    const usable = this.usableView(catalog);
    if (usable) return usable;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.buildWaitMs);
    });
    return Promise.race([this.prepare(catalog.skills), timeout]).then((index) => {
      clearTimeout(timer);
      if (!index) throw new JudgeError("index_building");
      const waited = Math.round(performance.now() - started);
      return { index, positions: null, note: `waited ${waited} ms for the local index of this catalog (${catalog.skills.length} skills)` };
    });
  }

  /**
   * How relevant each skill is to the turn (its blended lexical score, in
   * catalog order): what a capped remote judge is sent the top of. Null while
   * the index of a large catalog is still building.
   */
  relevance(turn: string, skills: readonly SkillCard[]): Float64Array | null {
    try {
      const view = this.usableView({ skills });
      return view ? evidenceFor(view, turn).blend : null;
    } catch (err) {
      if (err instanceof JudgeError) return null;
      throw err;
    }
  }

  stageOne({ turn, catalog, batch }: StageOneRequest): JudgeAnswer<StageOneResult> {
    return thenMaybe(this.view(catalog), (view) => thenMaybe(this.denseFor(view, catalog, turn), (dense) => scoresOf(view, turn, batch, dense)));
  }

  stageTwo({ turn, catalog, finalists }: StageTwoRequest): JudgeAnswer<StageTwoResult> {
    return thenMaybe(this.view(catalog), (view) => thenMaybe(this.denseFor(view, catalog, turn), (dense) => matchesOf(view, turn, finalists, dense)));
  }

  /**
   * The turn's dense scores when the encoder and the catalog's vectors are ready and the view is the catalog's own
   * index; else none, and a note saying why the lexical judge answered alone.
   */
  private denseFor(view: IndexView, catalog: RankedCatalog, turn: string): MaybePromise<DenseTurn> {
    const dense = this.dense;
    if (!dense || view.positions) return NO_DENSE;
    return thenMaybe(dense.readiness(catalog.skills), (ready): MaybePromise<DenseTurn> => {
      if ("note" in ready) return { scores: null, note: ready.note };
      const scores = dense.turnScores(ready.matrix, turn);
      const models = dense.decision;
      if (!isPending(scores)) return { scores, models };
      return scores.then(
        (s) => ({ scores: s, models }),
        () => ({ scores: null, note: "answered by the lexical judge alone: the sentence encoder failed on this turn" }),
      );
    });
  }
}

/** A turn's dense scores with the decision fitted on its encoder, or why there are none. */
type DenseTurn = (DenseEvidence & { note?: undefined }) | { scores: null; note?: string };

const NO_DENSE: DenseTurn = { scores: null };

/** Stage 1 from one view: the blend's scores of the batch. */
function scoresOf(view: IndexView, turn: string, batch: readonly number[], dense: DenseTurn): StageOneResult {
  const evidence = evidenceFor(view, turn, dense);
  const notes = [view.note, dense.note].filter(Boolean).join("; ");
  const note = notes ? { note: notes } : {};
  // The engine's batches are runs of the catalog: a view of the turn's scores, no copy (the batches' own arrays
  // were a tenth of a request's garbage). Any other batch gets its scores copied.
  const first = batch[0] ?? 0;
  if (batch.every((i, k) => i === first + k)) return { scores: evidence.ranking.subarray(first, first + batch.length), ...note };
  return { scores: Float64Array.from(batch, (i) => evidence.ranking[i]), ...note };
}

/**
 * Stage 2 from one view: each finalist's own calibrated match; the engine lists them by it. Capping each by the
 * better-ranked one's (as before) kept the blend's order (top-1 .748 vs .741 on the held-out bodies) but printed
 * unrelated skills at exactly one number.
 */
function matchesOf(view: IndexView, turn: string, finalists: readonly number[], dense: DenseTurn): StageTwoResult {
  const evidence = evidenceFor(view, turn, dense);
  const offer = dense.scores ? LOCAL_JUDGE.offer.hybrid : LOCAL_JUDGE.offer.lexical;
  return { needsSkill: evidence.needs, matches: finalists.map((i) => view.index.match(evidence, i)), offer };
}

/** Characters of the cards not tokenized yet: what indexing the catalog in the turn would cost. */
function untokenizedChars(skills: readonly SkillCard[]): number {
  let chars = 0;
  for (const s of skills) if (!isTokenized(s)) chars += s.name.length + s.description.length + (s.body?.length ?? 0);
  return chars;
}

/** Where each skill of `skills` sits in `index` (by path), or null when the index knows too little of them. */
function positionsIn(index: LocalIndex, skills: readonly SkillCard[]): Int32Array | null {
  if (!index.current) return null;
  const at = index.positionsByPath();
  const positions = new Int32Array(skills.length);
  let known = 0;
  skills.forEach((s, i) => {
    positions[i] = at.get(s.path) ?? -1;
    if (positions[i] >= 0) known++;
  });
  return known >= skills.length * LOCAL_JUDGE.index.staleIndexMinShare ? positions : null;
}

/** The turn's evidence, laid out in the asking catalog's order (dense scores come only with the catalog's own index). */
function evidenceFor(view: IndexView, turn: string, dense: DenseTurn = NO_DENSE): TurnEvidence {
  const evidence = view.index.evidence(turn, view.positions || !dense.scores ? null : dense);
  const positions = view.positions;
  if (!positions) return evidence;
  const pick = (values: Float64Array) => Float64Array.from(positions, (p) => (p >= 0 ? values[p] : 0));
  const decided = new Map<number, number>();
  positions.forEach((p, i) => {
    const match = evidence.decided.get(p);
    if (match !== undefined) decided.set(i, match);
  });
  return { ...evidence, bm25: pick(evidence.bm25), cosine: pick(evidence.cosine), blend: pick(evidence.blend), ranking: pick(evidence.ranking), decided };
}
