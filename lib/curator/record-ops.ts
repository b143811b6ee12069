import { mutateUsage } from "../hermes/usage-file";
import { bumpPatch, forget, markManaged, reanchor, seed, setPinned, setState, type UsageMap } from "../hermes/usage-record";
import type { LifecycleState } from "../vocab/curator";
import type { CuratorHome } from "./curator-home";
import { isCurationEligible } from "./provenance";

/**
 * The lifecycle writes of curator spec §4.4, each a locked read-modify-write
 * of `.usage.json`, each gated by eligibility (telemetry bumps are not).
 * Each returns whether the write landed.
 */
async function lockedWrite(h: CuratorHome, name: string, now: number, change: (map: UsageMap) => boolean): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      const changed = change(map);
      return { write: changed, result: changed };
    },
    { now },
  );
}

export const writeState = (h: CuratorHome, name: string, state: LifecycleState, now: number) =>
  lockedWrite(h, name, now, (map) => setState(map, name, state, now));

export const writePinned = (h: CuratorHome, name: string, pinned: boolean, now: number) =>
  lockedWrite(h, name, now, (map) => {
    setPinned(map, name, pinned, now);
    return true;
  });

export const writeManaged = (h: CuratorHome, name: string, now: number) =>
  lockedWrite(h, name, now, (map) => {
    markManaged(map, name, now);
    return true;
  });

/** Drop a skill's record, as Hermes's skill_usage.forget does when a skill is deleted. */
export const writeForget = (h: CuratorHome, name: string, now: number) => lockedWrite(h, name, now, (map) => forget(map, name));

/** Start the clock at first sight (no write when a record exists). */
export const writeSeed = (h: CuratorHome, name: string, now: number) => lockedWrite(h, name, now, (map) => seed(map, name, now));

export const writeReanchor = (h: CuratorHome, name: string, now: number) => lockedWrite(h, name, now, (map) => reanchor(map, name, now));

/** `times` patch bumps (patch_count, last_patched_at), as Hermes's skill_manage counts its edits: telemetry, never gated. */
export async function writePatchBumps(h: CuratorHome, name: string, now: number, times: number): Promise<void> {
  if (times <= 0) return;
  await mutateUsage(
    h.home,
    (map) => {
      for (let i = 0; i < times; i++) bumpPatch(map, name, now);
      return { write: true, result: undefined };
    },
    { now },
  );
}
