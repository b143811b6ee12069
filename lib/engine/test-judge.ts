import type { Judge, JudgeAnswer, StageOneRequest, StageOneResult, StageTwoRequest, StageTwoResult } from "../judges/types";
import type { OfferLines } from "../vocab/limits";

/**
 * A judge whose answers a test writes down: a stage-1 score per skill name and
 * stage-2 matches per name. It records every call so tests can check batching.
 */
export class ScriptedJudge implements Judge {
  readonly kind = "local" as const;
  readonly maxSkills?: number;
  readonly stageOneCalls: StageOneRequest[] = [];
  readonly stageTwoCalls: StageTwoRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    private readonly script: {
      scores?: Record<string, number>;
      matches?: Record<string, number>;
      needsSkill?: number;
      /** The shortlist lines its answer names (a judge with its own calibration). */
      offer?: OfferLines;
      failBatch?: number;
      failStageTwo?: Error;
      delayMs?: number;
      /** Behave like a judge that costs a request per batch (960 for a remote judge). */
      maxSkills?: number;
      /** Answer in the caller's turn, as an in-process judge does (no promise, failures thrown at once). */
      atOnce?: boolean;
    } = {},
  ) {
    this.maxSkills = script.maxSkills;
  }

  stageOne(request: StageOneRequest): JudgeAnswer<StageOneResult> {
    if (!this.script.atOnce) return this.stageOneLater(request);
    this.stageOneCalls.push(request);
    if (this.script.failBatch === this.stageOneCalls.length - 1) throw new Error("upstream said: secret turn text here");
    return this.scoresOf(request);
  }

  private scoresOf(request: StageOneRequest): StageOneResult {
    return { scores: request.batch.map((i) => this.script.scores?.[request.catalog.skills[i].name] ?? 0) };
  }

  private async stageOneLater(request: StageOneRequest) {
    this.stageOneCalls.push(request);
    const call = this.stageOneCalls.length - 1;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((r) => setTimeout(r, this.script.delayMs ?? 1));
      if (this.script.failBatch === call) throw new Error("upstream said: secret turn text here");
      return this.scoresOf(request);
    } finally {
      this.inFlight--;
    }
  }

  stageTwo(request: StageTwoRequest): JudgeAnswer<StageTwoResult> {
    return this.script.atOnce ? this.matchesOf(request) : (async () => this.matchesOf(request))();
  }

  private matchesOf(request: StageTwoRequest): StageTwoResult {
    this.stageTwoCalls.push(request);
    if (this.script.failStageTwo) throw this.script.failStageTwo;
    const matches = request.finalists.map((i) => this.script.matches?.[request.catalog.skills[i].name] ?? 0);
    const answer = { needsSkill: this.script.needsSkill ?? Math.max(0, ...matches), matches };
    return this.script.offer ? { ...answer, offer: this.script.offer } : answer;
  }
}
