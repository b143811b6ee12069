import { LIMITS } from "../../vocab/limits";
import type { RouteAnswers } from "../../vocab/route-questions";
import {
  type Judge,
  JudgeError,
  type RequestMeter,
  type RouteRequest,
  type StageOneRequest,
  type StageOneResult,
  type StageTwoRequest,
  type StageTwoResult,
} from "../types";
import { failureOfError, failureOfStatus, isRetryable, type RemoteFailure } from "./failures";
import { allConnectionsBusy, connectionsOpened, postJson } from "./http-pool";
import { type ChatMessage, routeMessages, stageOneMessages, stageTwoMessages } from "./prompts";
import type { RemoteJudgeConfig } from "./remote-config";
import { completionJson, routeAnswers, stageOneScores, stageTwoVerdict } from "./replies";

/** Wait before the one retry a safe failure gets (doubled for a rate limit without Retry-After). */
const RETRY_DELAY_MS = 250;

/**
 * Any OpenAI-compatible chat-completions endpoint as the judge (OpenAI,
 * OpenRouter, vLLM, llama.cpp, Ollama): one request per stage-1 batch of
 * cards, one for stage 2, over the origin's keep-alive pool. Every failure
 * becomes a bounded reason code; nothing of the request or the reply is kept.
 */
export class OpenAiJudge implements Judge {
  readonly kind = "openai" as const;
  readonly maxSkills = LIMITS.catalogCap;
  readonly metered = true;
  readonly turnDeadlineMs: number;
  /** The origin's connection count when each turn's first request left. */
  private readonly connectionsAtStart = new WeakMap<RequestMeter, number>();

  constructor(
    private readonly config: RemoteJudgeConfig,
    /** `noReuse`: a connection per request, as clients without pooling do (for the benchmark's baseline). */
    private readonly options: { noReuse?: boolean } = {},
  ) {
    this.turnDeadlineMs = config.turnDeadlineMs;
  }

  async stageOne({ turn, catalog, batch, alsoRoute, signal, deadline, meter }: StageOneRequest): Promise<StageOneResult> {
    const cards = batch.map((i) => catalog.skills[i]);
    const body = await this.ask(stageOneMessages(turn, cards, alsoRoute), { signal, deadline, meter });
    return stageOneScores(body, cards.length, alsoRoute);
  }

  async route({ turn, signal, deadline, meter }: RouteRequest): Promise<RouteAnswers> {
    return routeAnswers(await this.ask(routeMessages(turn), { signal, deadline, meter }));
  }

  async stageTwo({ turn, catalog, finalists, signal, deadline, meter }: StageTwoRequest): Promise<StageTwoResult> {
    const cards = finalists.map((i) => catalog.skills[i]);
    const body = await this.ask(stageTwoMessages(turn, cards), { signal, deadline, meter });
    return stageTwoVerdict(body, cards.length);
  }

  /**
   * Any other question with a JSON answer (the curator's consolidation plans): the same endpoint, connection pool,
   * timeout and retry as the selection's questions. The parsed JSON, or a JudgeError.
   */
  async askJson(messages: ChatMessage[], options: { signal?: AbortSignal; deadline?: number; meter?: RequestMeter } = {}): Promise<unknown> {
    return completionJson(await this.ask(messages, options));
  }

  /** One question: the reply body on a 2xx, else a JudgeError with the failure's code. Retried once where safe and in time. */
  private async ask(messages: ChatMessage[], turn: { signal?: AbortSignal; deadline?: number; meter?: RequestMeter }): Promise<string> {
    const { endpoint, model, key, requestTimeoutMs } = this.config;
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    const request = { model, messages, temperature: 0, response_format: { type: "json_object" } };
    // A reply just read (the last turn's, stage 1's) frees its connection on the next turn of the event loop: when
    // every connection looks busy, waiting for that lets this request reuse one instead of opening one more.
    if (allConnectionsBusy(endpoint.origin)) await new Promise((resolve) => setImmediate(resolve));
    const meter = turn.meter;
    if (meter && !this.connectionsAtStart.has(meter)) this.connectionsAtStart.set(meter, connectionsOpened(endpoint.origin));
    for (let attempt = 0; ; attempt++) {
      const signal = turn.signal ? AbortSignal.any([turn.signal, AbortSignal.timeout(requestTimeoutMs)]) : AbortSignal.timeout(requestTimeoutMs);
      if (meter) meter.requests++;
      let failure: RemoteFailure;
      let status: number | undefined;
      let retryAfterMs: number | undefined;
      try {
        const reply = await postJson(endpoint, request, { headers, signal, noReuse: this.options.noReuse });
        if (reply.status >= 200 && reply.status < 300) return reply.text;
        status = reply.status;
        failure = failureOfStatus(reply.status, reply.text);
        retryAfterMs = reply.retryAfterMs;
      } catch (err) {
        failure = failureOfError(err);
      } finally {
        // Connections opened since the turn's first request (its requests overlap: a per-request count would repeat them).
        if (meter) meter.connections = connectionsOpened(endpoint.origin) - (this.connectionsAtStart.get(meter) ?? 0);
      }
      const wait = retryAfterMs ?? (failure === "rate_limited" ? 2 * RETRY_DELAY_MS : RETRY_DELAY_MS);
      const inTime = turn.deadline === undefined || performance.now() + wait < turn.deadline;
      if (attempt > 0 || !isRetryable(failure, status) || !inTime || turn.signal?.aborted) throw new JudgeError(failure);
      await sleep(wait, turn.signal);
      if (turn.signal?.aborted) throw new JudgeError(failure);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
