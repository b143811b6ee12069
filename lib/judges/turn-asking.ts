import type { Judge, RequestMeter } from "./types";

/**
 * What every question of one turn carries: a meter, and for a judge with a
 * deadline, a signal that aborts whatever is still asking when it passes.
 */
export function turnContext(judge: Judge): TurnAsking {
  const meter = { requests: 0, connections: 0 };
  if (judge.turnDeadlineMs === undefined) return { meter, done: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("the turn's deadline passed", "TimeoutError")), judge.turnDeadlineMs);
  return { meter, signal: controller.signal, deadline: performance.now() + judge.turnDeadlineMs, done: () => clearTimeout(timer) };
}

export interface TurnAsking {
  meter: RequestMeter;
  signal?: AbortSignal;
  deadline?: number;
  done: () => void;
}
