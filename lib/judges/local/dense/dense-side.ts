import { errorAtMostEveryMinute } from "../../../base/log-once";
import type { SkillCard } from "../../../catalog/types";
import { type DecisionModels, HYBRID_MODELS } from "../decision/decision-model";
import { DenseMatrix } from "./dense-scores";
import type { SentenceEncoder } from "./encoder";
import { SkillVectors, type VectorProgress } from "./skill-vectors";
import type { VectorStore } from "./vector-store";

/** Turns whose vector is kept: as many as a server's turns in flight (each asks once per batch). */
const RECENT_TURNS = 16;

/** One turn's dense scores for a matrix: pending until its vector is encoded. */
interface ScoredTurn {
  scores: Float64Array | null;
  pending: Promise<Float64Array>;
}

/** What the dense side has for a catalog this turn: its matrix, or why the lexical judge answers alone. */
export type DenseReadiness = { matrix: DenseMatrix } | { note: string };

/** How the dense side is: loading its model, ready, or off (it could not load). */
export type DenseState = "loading" | "ready" | "off";

/** What the Overview, /api/health and `jev doctor` say of it: the model, and the last catalog build's progress. */
export interface DenseStatus {
  state: "loading" | "building" | "ready" | "failed";
  model?: string;
  /** Texts with vectors, of the last catalog asked for. */
  done?: number;
  total?: number;
}

export interface DenseSideOptions {
  /** Starts the encoder (the worker and its model); a rejection leaves the lexical judge alone. */
  start: () => Promise<SentenceEncoder>;
  store: VectorStore;
  /**
   * How long a turn waits for missing vectors before the lexical judge answers alone: long for one-shot processes
   * that must give the same answer every time (`jev eval`, tests), 0 for the server (it builds in the background).
   */
  waitMs: number;
  /** Told of a build's progress (the server's log and Overview). */
  onProgress?: (progress: VectorProgress, skills: number) => void;
  /** The load decision fitted on this encoder's cosines (benches comparing encoders); the shipped encoder's by default. */
  decision?: DecisionModels;
}

/**
 * The local judge's dense half: the encoder, the skills' vectors, and the turn's vector, each made once. The
 * judge asks it per turn; anything not ready yet is a note in the reply's warnings, and the lexical judge answers.
 */
export class DenseSide {
  private vectors: SkillVectors | null = null;
  private failed = false;
  private starting: Promise<SkillVectors | null> | null = null;
  private readonly matrices = new WeakMap<readonly SkillCard[], DenseMatrix>();
  private readonly turns = new Map<string, Promise<Float32Array>>();

  constructor(private readonly options: DenseSideOptions) {}

  get state(): DenseState {
    return this.failed ? "off" : this.vectors ? "ready" : "loading";
  }

  /** The last catalog build's progress (the default catalog's, in the server), with the model's state. */
  status(): DenseStatus {
    if (this.failed) return { state: "failed" };
    if (!this.vectors) return { state: "loading" };
    const p = this.lastProgress;
    const model = this.vectors.encoder.id;
    if (!p || p.done < p.total) return { state: "building", model, ...(p ? { done: p.done, total: p.total } : {}) };
    return { state: "ready", model, done: p.done, total: p.total };
  }

  private lastProgress: VectorProgress | null = null;

  /** The load decision's models for this encoder's cosines. */
  get decision(): DecisionModels {
    return this.options.decision ?? HYBRID_MODELS;
  }

  /** The encoder's model id once loaded. */
  get modelId(): string | null {
    return this.vectors?.encoder.id ?? null;
  }

  /** Start the encoder now (the server at start-up); resolves when it is loaded or has failed. */
  start(): Promise<SkillVectors | null> {
    this.starting ??= this.options.start().then(
      (encoder) => (this.vectors = new SkillVectors(encoder, this.options.store)),
      () => {
        this.failed = true;
        console.error("[jev] the sentence encoder could not load: the local judge answers with lexical evidence alone");
        return null;
      },
    );
    return this.starting;
  }

  /** Build every vector the catalog lacks; resolves when done (or at once when the encoder is off). */
  async prepare(skills: readonly SkillCard[], onProgress?: (progress: VectorProgress) => void): Promise<void> {
    const vectors = await this.start();
    await vectors?.build(skills, (p) => {
      this.lastProgress = { ...p };
      onProgress?.(p);
      this.options.onProgress?.(p, skills.length);
    });
  }

  /**
   * Each skill's card vector when all are held (the curator reads meaning with them), waiting up to `waitMs` for a
   * build of what is missing (one is started either way), else null.
   */
  async cardVectors(skills: readonly SkillCard[], waitMs = 0): Promise<Float32Array[] | null> {
    const held = () => this.vectors?.of(skills)?.card ?? null;
    if (held() || this.failed) return held();
    await this.buildWithin(skills, waitMs);
    return held();
  }

  /** The catalog's matrix, waiting up to `waitMs` for missing vectors (a build is started either way). */
  readiness(skills: readonly SkillCard[]): DenseReadiness | Promise<DenseReadiness> {
    const now = this.readyNow(skills);
    if ("matrix" in now || this.failed || this.options.waitMs <= 0) return now;
    return this.buildWithin(skills, this.options.waitMs).then(() => this.readyNow(skills));
  }

  /**
   * Build what the catalog lacks, waiting for it up to `waitMs`. A build that fails (the store refused a write) is
   * not thrown: the lexical judge answers, never the turn failing open.
   */
  private async buildWithin(skills: readonly SkillCard[], waitMs: number): Promise<void> {
    const built = this.prepare(skills).catch(() => {});
    if (waitMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([built, timeout]);
    clearTimeout(timer);
  }

  private readyNow(skills: readonly SkillCard[]): DenseReadiness {
    if (this.failed) return { note: "answered by the lexical judge alone: the sentence encoder could not load" };
    const known = this.matrices.get(skills);
    if (known) return { matrix: known };
    const vectors = this.vectors;
    const held = vectors?.of(skills);
    if (vectors && held) {
      const matrix = new DenseMatrix(held, vectors.encoder.dims);
      this.matrices.set(skills, matrix);
      return { matrix };
    }
    void this.prepare(skills).catch(() => {
      // A build cut short by the process stopping is not a failure: what it saved is kept for the next start.
      // Every turn asks again while it fails (a full disk): said once a minute, not once a turn.
      if (!this.closing) errorAtMostEveryMinute("[jev] building skill vectors failed: the lexical judge answers alone");
    });
    const progress = vectors?.progressOf(skills);
    return {
      note: vectors
        ? `answered by the lexical judge alone: skill vectors are building (${progress?.done ?? 0} of ${progress?.total ?? "?"} texts)`
        : "answered by the lexical judge alone: the sentence encoder is loading",
    };
  }

  /**
   * Each skill's dense score for the turn (the matrix's order): at once when this turn was scored already (every
   * batch of a turn asks), else once its vector is encoded.
   */
  turnScores(matrix: DenseMatrix, turn: string): Float64Array | Promise<Float64Array> {
    const scored = this.scored.get(matrix) ?? new Map<string, ScoredTurn>();
    this.scored.set(matrix, scored);
    const known = scored.get(turn);
    if (known) return known.scores ?? known.pending;
    // The turn's batches ask at once, before the first is answered: they share one pending score, not one each.
    const entry: ScoredTurn = {
      scores: null,
      pending: this.turnVector(turn).then((vector) => {
        entry.scores = matrix.scores(vector);
        return entry.scores;
      }),
    };
    entry.pending.catch(() => scored.delete(turn));
    if (scored.size >= RECENT_TURNS) scored.delete(scored.keys().next().value as string);
    scored.set(turn, entry);
    return entry.pending;
  }

  private readonly scored = new WeakMap<DenseMatrix, Map<string, ScoredTurn>>();

  /** The turn's vector, encoded once however many times a turn asks. */
  turnVector(turn: string): Promise<Float32Array> {
    let vector = this.turns.get(turn);
    if (!vector) {
      const vectors = this.vectors;
      if (!vectors) return Promise.reject(new Error("the sentence encoder is not loaded"));
      vector = vectors.encoder.encode([turn], { kind: "query", priority: "turn" }).then((v) => v[0][0]);
      if (this.turns.size >= RECENT_TURNS) this.turns.delete(this.turns.keys().next().value as string);
      this.turns.set(turn, vector);
      vector.catch(() => this.turns.delete(turn));
    }
    return vector;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.vectors?.encoder.close();
  }

  private closing = false;

  /** Whether it is being closed (the process is stopping): a build cut short then is not a failure. */
  get stopping(): boolean {
    return this.closing;
  }
}
