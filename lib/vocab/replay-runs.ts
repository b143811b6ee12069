import { z } from "zod";

/** Where a replay run's log came from. */
export const REPLAY_SOURCES = ["live", "demo", "upload"] as const;
export const ReplaySource = z.enum(REPLAY_SOURCES);
export type ReplaySource = z.infer<typeof ReplaySource>;

export const REPLAY_SOURCE_LABELS: Record<ReplaySource, string> = {
  upload: "uploaded log",
  live: "my last 7 days",
  demo: "demo week (synthetic)",
};

/** A run's life: started, then done or failed (a run whose server stopped reads as failed). */
export const REPLAY_STATUSES = ["running", "done", "failed"] as const;
export const ReplayStatus = z.enum(REPLAY_STATUSES);
export type ReplayStatus = z.infer<typeof ReplayStatus>;

/** What a running run is doing now. */
export const REPLAY_PHASES = ["reading", "replaying", "sweeping", "finished"] as const;
export const ReplayPhase = z.enum(REPLAY_PHASES);
export type ReplayPhase = z.infer<typeof ReplayPhase>;

export const REPLAY_PHASE_LABELS: Record<ReplayPhase, string> = {
  reading: "reading the log",
  replaying: "replaying",
  sweeping: "sweeping the grid",
  finished: "finished",
};
