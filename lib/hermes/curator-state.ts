import path from "node:path";
import { putOwn } from "../base/collections";
import { atomicWriteFile } from "../fs/atomic-write";
import { readSmallTextSync } from "../fs/regular-file";
import { assertWritableTarget } from "../fs/safe-target";
import { pythonJson } from "./python-json";

/** `skills/.curator_state` (curator spec §7.1). */
export interface CuratorState {
  last_run_at: string | null;
  last_run_duration_seconds: number | null;
  last_run_summary: string | null;
  last_run_summary_shown_at: string | null;
  last_report_path: string | null;
  paused: boolean;
  run_count: number;
  /** Keys starting with `_` are kept; other unknown keys are dropped at the next write, as in Hermes. */
  [extra: `_${string}`]: unknown;
}

export const DEFAULT_CURATOR_STATE: CuratorState = {
  last_run_at: null,
  last_run_duration_seconds: null,
  last_run_summary: null,
  last_run_summary_shown_at: null,
  last_report_path: null,
  paused: false,
  run_count: 0,
};

export const curatorStateFile = (home: string) => path.join(home, "skills", ".curator_state");

/** A missing, unreadable or corrupt file, or a value that is not an object, loads as the defaults. */
export function readCuratorState(home: string): CuratorState {
  let value: unknown;
  const stateFile = curatorStateFile(home);
  try {
    value = JSON.parse((readSmallTextSync(stateFile) ?? "").replace(/^\uFEFF/, ""));
  } catch {
    return { ...DEFAULT_CURATOR_STATE };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ...DEFAULT_CURATOR_STATE };
  const state: CuratorState = { ...DEFAULT_CURATOR_STATE };
  for (const [key, v] of Object.entries(value)) {
    if (Object.hasOwn(DEFAULT_CURATOR_STATE, key) || key.startsWith("_")) putOwn(state as unknown as Record<string, unknown>, key, v);
  }
  return state;
}

/** Read, merge and write the whole object (Hermes takes no lock on this file). */
export async function updateCuratorState(home: string, change: Partial<CuratorState>): Promise<CuratorState> {
  const next = { ...readCuratorState(home), ...change };
  assertWritableTarget(curatorStateFile(home)); // a link (or a FIFO) there is refused, not written over
  await atomicWriteFile(curatorStateFile(home), pythonJson(next), "..curator_state_");
  return next;
}
