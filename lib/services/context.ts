import { type Db, getDb } from "../../db/client";
import { type JevConfig, loadConfig } from "../config";

/**
 * What every service verb is given: the database, the configuration and the
 * clock. The CLI, the API, the dashboard and the scheduler each build one and
 * call the same verb, so one verb leaves the same rows whoever called it.
 */
export interface ServiceCtx<D extends Db | null = Db> {
  /** Null only where a verb can answer without one (`jev pick-skill` when the database cannot be opened). */
  db: D;
  config: JevConfig;
  /** Epoch milliseconds now; tests pass a fixed one. */
  clock: () => number;
}

/** The process's own context: its database handle, its configuration, the wall clock. */
export function liveCtx(overrides: Partial<ServiceCtx> = {}): ServiceCtx {
  return { db: overrides.db ?? getDb(), config: overrides.config ?? loadConfig(), clock: overrides.clock ?? Date.now };
}

/** The part of the context a verb that only reads the database needs: it, and the clock. */
export type DbCtx = Pick<ServiceCtx, "db" | "clock">;

/** A context on `db` whose clock reads `now` (the wall clock when omitted): replays and the demo run the engine at other times. */
export function ctxAt(db: Db, config: JevConfig = loadConfig(), now?: number): ServiceCtx {
  return { db, config, clock: now === undefined ? Date.now : () => now };
}
