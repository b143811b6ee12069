import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../base/time";
import { formatPyTime } from "../hermes/py-time";
import { nextCuratorRun } from "./next-run";

const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);
const config = { enabled: true, intervalHours: 168, minIdleHours: 2 };
const at = (ms: number) => formatPyTime(ms);

describe("the curator's next run", () => {
  it("due since yesterday with Hermes busy a minute ago: at the first hourly check after two idle hours, and says why", () => {
    const next = nextCuratorRun(config, { last_run_at: at(NOW - 8 * 24 * HOUR_MS), paused: false }, NOW, {
      newestActivity: NOW - 60_000,
      nextCheck: NOW + 30 * 60_000,
    });
    expect(next).toMatchObject({ at: at(NOW + 2.5 * HOUR_MS), idleHours: 2, newestActivityAt: at(NOW - 60_000) });
    expect("why" in next && next.why).toMatch(/waits until Hermes has been idle 2 h/);
  });

  it("not yet due: the interval after the last run, on the scheduler's check; idle long ago gates nothing", () => {
    const last = NOW - 24 * HOUR_MS;
    const next = nextCuratorRun(config, { last_run_at: at(last), paused: false }, NOW, {
      newestActivity: NOW - 30 * 24 * HOUR_MS,
      nextCheck: NOW + 10 * 60_000,
    });
    expect(next).toMatchObject({ at: at(NOW + 10 * 60_000 + 144 * HOUR_MS), why: "168 h after the last run" });
  });

  it("due and idle: the next check; never run: the first check only schedules; disabled and paused: never, with the reason", () => {
    const due = nextCuratorRun(config, { last_run_at: at(NOW - 200 * HOUR_MS), paused: false }, NOW, { newestActivity: null, nextCheck: NOW + 60_000 });
    expect(due).toMatchObject({ at: at(NOW + 60_000), newestActivityAt: null });
    const first = nextCuratorRun(config, { last_run_at: null, paused: false }, NOW, { newestActivity: null, nextCheck: NOW + 90_000 });
    expect(first).toMatchObject({ at: at(NOW + 90_000 + 168 * HOUR_MS) });
    expect(nextCuratorRun({ ...config, enabled: false }, { last_run_at: null, paused: false }, NOW, { newestActivity: null, nextCheck: null })).toEqual({
      never: "disabled in config.yaml (curator.enabled)",
    });
    expect(nextCuratorRun(config, { last_run_at: at(NOW), paused: true }, NOW, { newestActivity: null, nextCheck: null })).toMatchObject({
      never: expect.stringMatching(/^paused/),
    });
  });
});
