import type { SkillCard } from "../../catalog/types";
import { drainAsync } from "../../steps";
import { type Judge, JudgeError, type RankedCatalog, type StageOneRequest, type StageOneResult, type StageTwoRequest, type StageTwoResult } from "../types";
import { LocalCorpus, type LocalIndex, type TurnEvidence } from "./local-index";
import { type Tokenized, tokenizeInParallel } from "./parallel-tokenize";

/**
 * How a catalog whose cards are not tokenized yet is answered:
 * - `wait`: tokenize them in the turn (the CLI, tests: one process, one catalog);
 * - `background` (the server): a little text is still tokenized in the turn;
 *   more is tokenized a slice at a time, and until that is done turns are
 *   answered from the index the corpus last had when it knows most of the
 *   catalog (a skill added meanwhile scores 0, a changed one as it was), else
 *   fail open with `index_building`. No turn waits on a big build.
 * Cards already tokenized go in and out of a corpus in milliseconds either way.
 */
export type IndexBuildMode = "wait" | "background";

/** Text this short is tokenized in the turn even in the background mode (well under 50 ms). */
const IN_TURN_MAX_CHARS = 400_000;
/** The previous index answers while the next builds when it knows this share of the catalog. */
const STALE_INDEX_MIN_SHARE = 0.5;
/** Catalogs with little in common (other roots) get corpora of their own, this many at most (~22 MB each for 960 skills with bodies). */
const MAX_CORPORA = 2;

/** An index and, when it was built for another snapshot, where each skill of this one sits in it. */
interface IndexView {
  index: LocalIndex;
  /** Position in `index` of each skill of the asking catalog (-1: not in it), or null when it is the catalog's own. */
  positions: Int32Array | null;
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

  constructor(private readonly mode: IndexBuildMode = "wait") {}

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
    this.corpora = [corpus, ...this.corpora.filter((c) => c !== corpus)].slice(0, MAX_CORPORA);
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
    if (best && (most >= skills.length * STALE_INDEX_MIN_SHARE || this.corpora.length >= MAX_CORPORA)) return best;
    return new LocalCorpus();
  }

  private view(catalog: RankedCatalog): IndexView {
    const skills = catalog.skills;
    const ready = this.ready(skills);
    if (ready) return { index: ready, positions: null };
    if (this.mode === "wait" || untokenizedChars(skills) <= IN_TURN_MAX_CHARS) return { index: this.sync(skills), positions: null };
    void this.prepare(skills).catch(() => {
      console.error("[jev] building the local index failed");
    });
    for (const corpus of this.corpora) {
      const positions = corpus.latest ? positionsIn(corpus.latest, skills) : null;
      if (corpus.latest && positions) return { index: corpus.latest, positions };
    }
    throw new JudgeError("index_building");
  }

  /**
   * How relevant each skill is to the turn (its blended lexical score, in
   * catalog order): what a capped remote judge is sent the top of. Null while
   * the index of a large catalog is still building.
   */
  relevance(turn: string, skills: readonly SkillCard[]): Float64Array | null {
    try {
      return evidenceFor(this.view({ skills }), turn).blend;
    } catch (err) {
      if (err instanceof JudgeError) return null;
      throw err;
    }
  }

  stageOne({ turn, catalog, batch }: StageOneRequest): StageOneResult {
    const evidence = evidenceFor(this.view(catalog), turn);
    // The engine's batches are runs of the catalog: a view of the turn's scores, no copy (the batches' own arrays
    // were a tenth of a request's garbage). Any other batch gets its scores copied.
    const first = batch[0] ?? 0;
    if (batch.every((i, k) => i === first + k)) return { scores: evidence.ranking.subarray(first, first + batch.length) };
    return { scores: Float64Array.from(batch, (i) => evidence.ranking[i]) };
  }

  stageTwo({ turn, catalog, finalists }: StageTwoRequest): StageTwoResult {
    const view = this.view(catalog);
    const evidence = evidenceFor(view, turn);
    // Each finalist's own calibrated match; the engine lists them by it. Capping each by the better-ranked
    // one's (as before) kept the blend's order (top-1 .748 vs .741 on the held-out bodies) but printed
    // unrelated skills at exactly one number.
    const matches = finalists.map((i) => view.index.match(evidence, i));
    return { needsSkill: evidence.needs, matches };
  }
}

/** Characters of the cards not tokenized yet: what indexing the catalog in the turn would cost. */
function untokenizedChars(skills: readonly SkillCard[]): number {
  let chars = 0;
  for (const s of skills) if (!LocalCorpus.isTokenized(s)) chars += s.name.length + s.description.length + (s.body?.length ?? 0);
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
  return known >= skills.length * STALE_INDEX_MIN_SHARE ? positions : null;
}

/** The turn's evidence, laid out in the asking catalog's order. */
function evidenceFor(view: IndexView, turn: string): TurnEvidence {
  const evidence = view.index.evidence(turn);
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
