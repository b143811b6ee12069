import { HOUR_MS } from "../base/time";
import type { CuratorConfig } from "../hermes/config-yaml";
import type { CuratorState } from "../hermes/curator-state";
import { formatPyTime, parsePyTime } from "../hermes/py-time";
import { latestActivityAt, type UsageRecord } from "../hermes/usage-record";

/** When the curator runs next on a Hermes home, and what holds it: the interval, the idle gate, the scheduler's hourly check. */
export type NextCuratorRun =
  | {
      at: string;
      /** Hermes's idle gate: a due run waits until the newest use, view or patch is this many hours old. */
      idleHours: number;
      /** That newest activity (ISO), or null when there is none (then nothing is gated). */
      newestActivityAt: string | null;
      /** Why it is then and not now, in a sentence. */
      why: string;
    }
  | { never: string };

/** The newest use, view or patch of any skill, in epoch ms (null when none). */
export function newestActivity(records: Iterable<UsageRecord>): number | null {
  let newest: number | null = null;
  for (const record of records) {
    const at = parsePyTime(latestActivityAt(record));
    if (at !== null && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/**
 * The next run, as the scheduler will make it: at the first of its checks (hourly, the first 90 s after start;
 * `nextCheck`, when known) at which the run is due (`intervalHours` after the last) and Hermes has been idle for
 * `minIdleHours`. The very first check only schedules (Hermes defers the first run by one interval).
 */
export function nextCuratorRun(
  config: Pick<CuratorConfig, "enabled" | "intervalHours" | "minIdleHours">,
  state: Pick<CuratorState, "last_run_at" | "paused">,
  now: number,
  options: { newestActivity: number | null; nextCheck: number | null },
): NextCuratorRun {
  if (!config.enabled) return { never: "disabled in config.yaml (curator.enabled)" };
  if (state.paused) return { never: "paused (.curator_state): resume it to run again" };
  const last = parsePyTime(state.last_run_at);
  const idle = { idleHours: config.minIdleHours, newestActivityAt: options.newestActivity === null ? null : formatPyTime(options.newestActivity) };
  const interval = config.intervalHours * HOUR_MS;
  const check = (from: number) =>
    options.nextCheck === null ? from : options.nextCheck + Math.max(0, Math.ceil((from - options.nextCheck) / HOUR_MS)) * HOUR_MS;
  if (last === null) {
    if (options.nextCheck === null) return { never: "not scheduled yet: the first check defers the first run by one interval" };
    return { at: formatPyTime(check(options.nextCheck + interval)), ...idle, why: "the first check only schedules: the first run comes one interval later" };
  }
  const due = last + interval;
  const idleUntil = options.newestActivity === null ? null : options.newestActivity + config.minIdleHours * HOUR_MS;
  const eligible = Math.max(now, due, idleUntil ?? 0);
  const why =
    idleUntil !== null && idleUntil > Math.max(now, due)
      ? `due, but it waits until Hermes has been idle ${config.minIdleHours} h (no use, view or patch of any skill)`
      : due > now
        ? `${config.intervalHours} h after the last run`
        : "due now: at the scheduler's next hourly check";
  return { at: formatPyTime(check(eligible)), ...idle, why };
}
