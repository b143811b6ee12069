import { isPending } from "../base/maybe-promise";
import { processWide } from "../base/process-state";
import type { TurnAsking } from "../judges/turn-asking";
import { type Judge, type JudgeAnswer, JudgeError, type RankedCatalog, type StageOneResult, type StageTwoResult } from "../judges/types";
import { LIMITS, type OfferLines } from "../vocab/limits";
import type { ReasonCode } from "../vocab/reason-codes";
import type { RouteAnswers } from "../vocab/route-questions";

export type StageFailure = {
  ok: false;
  reason: ReasonCode;
  /** Stage 1's other batches, still finishing when the turn failed open; settles when they have. */
  draining?: Promise<void>;
};

const batchCache = processWide("jev.stageBatches", () => new Map<string, number[][]>());

/** Split 0..n-1 into consecutive batches of `size` (memoised: the same catalog size repeats every turn). */
export function batches(n: number, size: number = LIMITS.batchSize): readonly (readonly number[])[] {
  const key = `${n}/${size}`;
  const hit = batchCache.get(key);
  if (hit) return hit;
  if (batchCache.size > 64) batchCache.clear();
  const out: number[][] = [];
  for (let start = 0; start < n; start += size) {
    out.push(Array.from({ length: Math.min(size, n - start) }, (_, k) => start + k));
  }
  batchCache.set(key, out);
  return out;
}

export interface StageOneOutcome {
  ok: true;
  /** Routing's answers, when they rode in the first batch's request. */
  routing?: RouteAnswers;
  /** Indices of the best skills, best first, at most `LIMITS.finalists`. */
  finalists: number[];
  /** The ten best with their stage-1 scores, best first: the decision's candidates and `jev eval`'s ranking. */
  topTen: { index: number; score: number }[];
  best: number;
  requests: number;
  /** A batch's note on how it was answered (StageOneResult.note), for the reply's warnings. */
  note?: string;
}

/**
 * Stage 1: every batch at once. One failed batch fails the turn open at once (a partial ranking could say
 * "nothing fits" while the right skill sat in the lost batch); `draining` settles when the other batches have
 * finished. A judge that answers in process gets its outcome in this turn, with no promise made.
 */
// The other batches are not cancelled: cancelling closes the connection, and a judge failing every turn would
// then cost a new connection (a TLS session) per batch per turn. They finish within the turn's deadline.
export function runStageOne(
  judge: Judge,
  turn: string,
  catalog: RankedCatalog,
  asking: TurnAsking,
  alsoRoute = false,
): JudgeAnswer<StageOneOutcome | StageFailure> {
  const parts = batches(catalog.skills.length);
  const asked = parts.map((batch, b): JudgeAnswer<StageOneResult> => {
    try {
      // Routing's questions ride in the first batch's request only: one request serves both.
      return judge.stageOne({ turn, catalog, batch, alsoRoute: alsoRoute && b === 0, signal: asking.signal, deadline: asking.deadline, meter: asking.meter });
    } catch (err) {
      return Promise.reject(err);
    }
  });
  if (asked.some(isPending)) return awaitBatches(parts, asked, alsoRoute);
  const answers = asked as StageOneResult[];
  try {
    return ranked(
      parts,
      answers.map((answer, b) => checkedScores(answer, parts[b], alsoRoute && b === 0)),
      alsoRoute ? answers[0].routing : undefined,
      answers.find((a) => a.note)?.note,
    );
  } catch (err) {
    return { ok: false, reason: stageOneReason(err) };
  }
}

/** Stage 1 with answers still to come: the first failure fails the turn at once, the rest drain (see runStageOne). */
async function awaitBatches(
  parts: readonly (readonly number[])[],
  asked: JudgeAnswer<StageOneResult>[],
  alsoRoute: boolean,
): Promise<StageOneOutcome | StageFailure> {
  let routing: RouteAnswers | undefined;
  let note: string | undefined;
  let firstError: { err: unknown } | null = null;
  let failed: () => void = () => {};
  const firstFailure = new Promise<"failed">((resolve) => {
    failed = () => resolve("failed");
  });
  const answers = asked.map(async (pending, b) => {
    try {
      const merged = alsoRoute && b === 0;
      const answer = await pending;
      const scores = checkedScores(answer, parts[b], merged);
      if (merged) routing = answer.routing;
      note ??= answer.note;
      return scores;
    } catch (err) {
      firstError ??= { err };
      failed();
      return null;
    }
  });
  const all = Promise.all(answers);
  const first = await Promise.race([all, firstFailure]);
  if (firstError !== null) {
    const { err } = firstError as { err: unknown };
    return { ok: false, reason: stageOneReason(err), draining: all.then(() => undefined) };
  }
  return ranked(parts, first as ArrayLike<number>[], routing, note); // no batch failed: every one answered
}

/** A batch's scores, or invalid_response when they do not fit it (or lack the routing answers asked along). */
function checkedScores(answer: StageOneResult, batch: readonly number[], merged: boolean): ArrayLike<number> {
  const { scores } = answer;
  if (scores.length !== batch.length || (merged && !answer.routing)) throw new JudgeError("invalid_response");
  for (let k = 0; k < scores.length; k++) if (!Number.isFinite(scores[k])) throw new JudgeError("invalid_response");
  return scores;
}

/** The judge not ready at all is its own reason; any other failed batch leaves stage 1 incomplete. */
function stageOneReason(err: unknown): ReasonCode {
  return err instanceof JudgeError && err.reason === "index_building" ? "index_building" : "stage_one_incomplete";
}

/** Every batch answered: the ten best across them. */
function ranked(
  parts: readonly (readonly number[])[],
  results: readonly ArrayLike<number>[],
  routing: RouteAnswers | undefined,
  note: string | undefined,
): StageOneOutcome {
  const top = new TopK(10);
  parts.forEach((batch, b) => {
    batch.forEach((index, k) => {
      top.offer(index, results[b][k]);
    });
  });
  const topTen = top.entries();
  return {
    ok: true,
    routing,
    finalists: topTen.slice(0, LIMITS.finalists).map((c) => c.index),
    topTen,
    best: top.bestScore(),
    requests: parts.length,
    ...(note ? { note } : {}),
  };
}

/** The k best (index, score) pairs, best first, ties by lower index; O(n·k) with no per-item allocation. */
class TopK {
  private readonly idx: number[] = [];
  private readonly score: number[] = [];
  constructor(private readonly k: number) {}

  offer(index: number, score: number): void {
    const n = this.idx.length;
    if (n === this.k && !(score > this.score[n - 1])) return;
    let at = n;
    while (at > 0 && (score > this.score[at - 1] || (score === this.score[at - 1] && index < this.idx[at - 1]))) at--;
    this.idx.splice(at, 0, index);
    this.score.splice(at, 0, score);
    if (this.idx.length > this.k) {
      this.idx.pop();
      this.score.pop();
    }
  }

  entries(): { index: number; score: number }[] {
    return this.idx.map((index, k) => ({ index, score: this.score[k] }));
  }

  bestScore(): number {
    return this.score.length ? this.score[0] : 0;
  }
}

export interface StageTwoOutcome {
  ok: true;
  needsSkill: number;
  /** Finalists with their matches, best match first. */
  judged: { index: number; match: number }[];
  /** The judge's shortlist lines, when it names its own. */
  offer?: OfferLines;
}

/** Stage 2: one careful look at the finalists (in this turn when the judge answers at once). */
export function runStageTwo(
  judge: Judge,
  turn: string,
  catalog: RankedCatalog,
  finalists: readonly number[],
  asking: TurnAsking,
): JudgeAnswer<StageTwoOutcome | StageFailure> {
  let answer: JudgeAnswer<StageTwoResult>;
  try {
    answer = judge.stageTwo({ turn, catalog, finalists, signal: asking.signal, deadline: asking.deadline, meter: asking.meter });
  } catch (err) {
    return stageTwoFailure(err);
  }
  if (isPending(answer)) return answer.then((a) => judgedOf(a, finalists), stageTwoFailure);
  return judgedOf(answer, finalists);
}

/** The finalists with their matches, best first; invalid_response when the answer does not fit them. */
function judgedOf(answer: StageTwoResult, finalists: readonly number[]): StageTwoOutcome | StageFailure {
  try {
    const { needsSkill, matches, offer } = answer;
    if (matches.length !== finalists.length || ![needsSkill, ...matches].every(isUnitInterval)) {
      return { ok: false, reason: "invalid_response" };
    }
    const judged = finalists.map((index, k) => ({ index, match: matches[k] }));
    judged.sort((a, b) => b.match - a.match); // stable: ties keep stage-1 order
    return offer ? { ok: true, needsSkill, judged, offer } : { ok: true, needsSkill, judged };
  } catch (err) {
    return stageTwoFailure(err);
  }
}

function stageTwoFailure(err: unknown): StageFailure {
  return { ok: false, reason: err instanceof JudgeError ? err.reason : "other" };
}

function isUnitInterval(x: number): boolean {
  return Number.isFinite(x) && x >= 0 && x <= 1;
}
