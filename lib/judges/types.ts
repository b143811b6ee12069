import type { MaybePromise } from "../base/maybe-promise";
import type { SkillCard } from "../catalog/types";
import type { JudgeKind } from "../vocab/judges";
import type { OfferLines } from "../vocab/limits";
import type { ReasonCode } from "../vocab/reason-codes";
import type { RouteAnswers } from "../vocab/route-questions";

/**
 * A judge answers the two ranking questions of selection spec §4. The local
 * judge answers in process; a remote judge (OpenAI-compatible, later) sends
 * one request per call. Both see only the redacted turn.
 */
export interface Judge {
  readonly kind: JudgeKind;
  /**
   * Skills this judge is sent at most (selection spec §4): 960 for a judge that
   * costs a request per batch. Undefined: it ranks the whole catalog (the local judge).
   */
  readonly maxSkills?: number;
  /** A whole turn (both stages, any retry) may take this long; undefined: no deadline (the local judge answers in process). */
  readonly turnDeadlineMs?: number;
  /** Whether it counts its own requests and connections in a turn's `meter` (a remote judge does, retries included). */
  readonly metered?: boolean;
  /** Stage 1: a relevance in [0, 1] for every skill of one batch. */
  stageOne(request: StageOneRequest): JudgeAnswer<StageOneResult>;
  /** Stage 2: read the finalists carefully; a match per finalist, possibly rejecting all. */
  stageTwo(request: StageTwoRequest): JudgeAnswer<StageTwoResult>;
  /**
   * Routing's three questions on their own (selection spec §9). A judge that
   * has this can also answer them inside a stage-1 request (`alsoRoute`);
   * one without it (the local judge) leaves routing to the turn's features.
   */
  route?(request: RouteRequest): Promise<RouteAnswers>;
}

/**
 * A judge's answer: a promise, or the answer itself from a judge that has it at once (in process, no I/O; it may then
 * also throw at once). The engine asks such a judge with no promise per batch: under load, the promises of a turn's
 * eight batches (each a closure, an await and the hooks an AsyncLocalStorage puts on every promise) were about 40 of
 * the 115 a request made.
 */
export type JudgeAnswer<T> = MaybePromise<T>;

export interface RouteRequest extends TurnContext {
  turn: string;
}

/** The ranked catalog of one turn. Its identity is stable while the catalog is unchanged. */
export interface RankedCatalog {
  readonly skills: readonly SkillCard[];
}

/** What asking cost in one turn: requests sent (retries included) and connections opened meanwhile. */
export interface RequestMeter {
  requests: number;
  connections: number;
}

/** What every question of a turn carries besides its own content. */
interface TurnContext {
  /** Aborted when the turn is over: its deadline passed, or another batch failed. */
  signal?: AbortSignal;
  /** When the turn's deadline passes, in `performance.now()` milliseconds: no retry is started that could not finish before. */
  deadline?: number;
  meter?: RequestMeter;
}

export interface StageOneRequest extends TurnContext {
  turn: string;
  catalog: RankedCatalog;
  /** Indices into `catalog.skills`: at most one batch (120). */
  batch: readonly number[];
  /** Routing's questions ride in this request (merged); the result then carries their answers. */
  alsoRoute?: boolean;
}

export interface StageOneResult {
  /** Aligned with `batch`; comparable across batches of the same turn. */
  scores: ArrayLike<number>;
  /** Routing's answers, when asked along (`alsoRoute`). */
  routing?: RouteAnswers;
  /** How this answer was had when not the usual way (the local judge: from the previous index, or after waiting for a build), for the reply's warnings. */
  note?: string;
}

export interface StageTwoRequest extends TurnContext {
  turn: string;
  catalog: RankedCatalog;
  /** Indices into `catalog.skills`, best stage-1 score first. */
  finalists: readonly number[];
}

export interface StageTwoResult {
  /** Probability that this turn is better served with a skill loaded. */
  needsSkill: number;
  /** Aligned with `finalists`: ≥ 0.5 means "load it". */
  matches: readonly number[];
  /** The shortlist's lines this answer's calibration was measured for (default THRESHOLDS.offer). */
  offer?: OfferLines;
}

/**
 * A judge failure with a bounded reason code (selection spec §8). Judges throw
 * this; anything else they throw is logged as `other`, message never kept.
 */
export class JudgeError extends Error {
  constructor(readonly reason: Exclude<ReasonCode, "no_skills" | "sensitive_turn" | "stage_one_incomplete">) {
    super(reason);
    this.name = "JudgeError";
  }
}
