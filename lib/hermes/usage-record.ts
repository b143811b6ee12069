import { nameKeyed, ownValue, putOwn } from "../base/collections";
import { LIFECYCLE_STATES, type LifecycleState } from "../vocab/curator";
import { formatPyTime, parsePyTime } from "./py-time";

/**
 * Hermes's usage records (`skills/.usage.json`, curator spec §2 and §4) as pure functions over the loaded map: the
 * record shape, backfill on read, every mutation. A mutation writes only the fields it touches (an absent record is
 * stored whole); unknown keys are kept. Names are plain keys of a prototype-free map (`usageMap`), as in Python.
 */
// So a skill named `__proto__` or `constructor` has a record like any other: every read and write goes to own keys.
export type UsageRecord = Record<string, unknown>;
export type UsageMap = Record<string, UsageRecord>;

/** A usage map with no prototype, optionally filled from `entries`. */
export function usageMap(entries?: Iterable<readonly [string, UsageRecord]>): UsageMap {
  return nameKeyed(entries);
}

/** The record stored for `name`, if any (never an inherited property). */
export function recordOf(map: UsageMap, name: string): UsageRecord | undefined {
  return ownValue(map, name);
}

export interface FullUsageRecord extends UsageRecord {
  created_by: string | null;
  use_count: number;
  view_count: number;
  patch_count: number;
  last_used_at: string | null;
  last_viewed_at: string | null;
  last_patched_at: string | null;
  patch_generation: number;
  last_reused_patch_generation: number;
  created_at: string;
  state: LifecycleState;
  pinned: boolean;
  archived_at: string | null;
}

export function defaultRecord(now: number): FullUsageRecord {
  return {
    created_by: null,
    use_count: 0,
    view_count: 0,
    patch_count: 0,
    last_used_at: null,
    last_viewed_at: null,
    last_patched_at: null,
    patch_generation: 0,
    last_reused_patch_generation: 0,
    created_at: formatPyTime(now),
    state: "active",
    pinned: false,
    archived_at: null,
  };
}

/** A record as reports show it: missing fields backfilled with defaults in memory (a backfilled `created_at` reads as now). */
export function backfilled(record: UsageRecord | undefined, now: number): FullUsageRecord {
  return { ...defaultRecord(now), ...(record ?? {}) } as FullUsageRecord;
}

/** Python's `int(x)` on what a counter may hold: integers, truncated floats, numeric strings; anything else null. */
function pythonInt(x: unknown): number | null {
  if (typeof x === "boolean") return x ? 1 : 0;
  if (typeof x === "number") return Number.isFinite(x) ? Math.trunc(x) : null;
  if (typeof x === "string" && /^\s*[+-]?\d+(_\d+)*\s*$/.test(x)) return Number(x.replace(/_/g, ""));
  return null;
}

/** A counter as bumps read it: bools, negatives and non-numbers are 0. */
export function counterValue(x: unknown): number {
  if (typeof x === "boolean") return 0;
  const n = pythonInt(x);
  return n !== null && n > 0 ? n : 0;
}

/** `int(x or 0)` as activity_count reads each counter: true counts 1, anything unparseable 0. */
function activityInt(x: unknown): number {
  return pythonInt(x || 0) ?? 0;
}

/** use + view + patch (§4.3). */
export function activityCount(record: UsageRecord | undefined): number {
  if (!record) return 0;
  return activityInt(record.use_count) + activityInt(record.view_count) + activityInt(record.patch_count);
}

const ACTIVITY_FIELDS = ["last_used_at", "last_viewed_at", "last_patched_at"] as const;

/** The newest of use, view and patch, as its original string (first listed wins a tie); never `created_at`; null when none parses. */
export function latestActivityAt(record: UsageRecord | undefined): string | null {
  if (!record) return null;
  let best: { at: number; text: string } | null = null;
  for (const field of ACTIVITY_FIELDS) {
    const text = record[field];
    const at = parsePyTime(text);
    if (at !== null && (best === null || at > best.at)) best = { at, text: text as string };
  }
  return best?.text ?? null;
}

/** Store the full default record first when absent; return the record to change in place. */
function ensure(map: UsageMap, name: string, now: number): UsageRecord {
  const existing = recordOf(map, name);
  if (existing) return existing;
  const fresh: UsageRecord = defaultRecord(now);
  putOwn(map, name, fresh);
  return fresh;
}

export function bumpView(map: UsageMap, name: string, now: number): void {
  const r = ensure(map, name, now);
  r.view_count = counterValue(r.view_count) + 1;
  r.last_viewed_at = formatPyTime(now);
}

/** A use; a use of an already-used skill after a patch marks the patch generation as reused (§4.1). */
export function bumpUse(map: UsageMap, name: string, now: number): void {
  const r = ensure(map, name, now);
  const used = counterValue(r.use_count);
  const generation = counterValue(r.patch_generation);
  const reused = Math.min(counterValue(r.last_reused_patch_generation), generation);
  r.use_count = used + 1;
  r.last_used_at = formatPyTime(now);
  r.patch_generation = generation;
  r.last_reused_patch_generation = used > 0 && generation > reused ? generation : reused;
}

export function bumpPatch(map: UsageMap, name: string, now: number): void {
  const r = ensure(map, name, now);
  r.patch_count = counterValue(r.patch_count) + 1;
  r.patch_generation = counterValue(r.patch_generation) + 1;
  r.last_patched_at = formatPyTime(now);
}

/** Returns whether anything changed: an unknown state, or the same one, changes nothing. */
export function setState(map: UsageMap, name: string, state: string, now: number): boolean {
  if (!(LIFECYCLE_STATES as readonly string[]).includes(state)) return false;
  if ((recordOf(map, name)?.state ?? "active") === state) return false; // a missing record reads as the default, active
  const r = ensure(map, name, now);
  r.state = state;
  if (state === "archived") r.archived_at = formatPyTime(now);
  else if (state === "active") r.archived_at = null;
  return true;
}

export function setPinned(map: UsageMap, name: string, pinned: boolean, now: number): void {
  ensure(map, name, now).pinned = pinned;
}

export function markManaged(map: UsageMap, name: string, now: number): void {
  ensure(map, name, now).created_by = "agent";
}

/** Start the clock at first sight: store the default record when there is none. */
export function seed(map: UsageMap, name: string, now: number): boolean {
  if (recordOf(map, name)) return false;
  ensure(map, name, now);
  return true;
}

/** A bundled record with no activity and no `first_seen_at` is anchored now (§4.4). */
export function reanchor(map: UsageMap, name: string, now: number): boolean {
  const r = recordOf(map, name);
  if (!r || latestActivityAt(r) !== null || counterValue(r.use_count) > 0 || r.first_seen_at) return false;
  r.first_seen_at = formatPyTime(now);
  r.created_at = formatPyTime(now);
  return true;
}

export function forget(map: UsageMap, name: string): boolean {
  if (!Object.hasOwn(map, name)) return false;
  delete map[name];
  return true;
}

/** Managed = declared: `created_by: "agent"` or the legacy `agent_created: true`; never inferred from telemetry (§3.6). */
export function isManagedRecord(record: UsageRecord | undefined): boolean {
  return record?.created_by === "agent" || record?.agent_created === true;
}
