import { mutateUsage } from "../hermes/usage-file";
import { type LifecycleState, markManaged, reanchor, seed, setPinned, setState } from "../hermes/usage-record";
import type { CuratorHome } from "./curator-home";
import { isCurationEligible } from "./provenance";

/**
 * The lifecycle writes of curator spec §4.4, each a locked read-modify-write
 * of `.usage.json`, each gated by eligibility (telemetry bumps are not).
 * Each returns whether the write landed.
 */
export async function writeState(h: CuratorHome, name: string, state: LifecycleState, now: number): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      const changed = setState(map, name, state, now);
      return { write: changed, result: changed };
    },
    { now },
  );
}

export async function writePinned(h: CuratorHome, name: string, pinned: boolean, now: number): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      setPinned(map, name, pinned, now);
      return { write: true, result: true };
    },
    { now },
  );
}

export async function writeManaged(h: CuratorHome, name: string, now: number): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      markManaged(map, name, now);
      return { write: true, result: true };
    },
    { now },
  );
}

export async function writeSeed(h: CuratorHome, name: string, now: number): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      const seeded = seed(map, name, now);
      return { write: seeded, result: seeded };
    },
    { now },
  );
}

export async function writeReanchor(h: CuratorHome, name: string, now: number): Promise<boolean> {
  if (!name || !isCurationEligible(h, name)) return false;
  return mutateUsage(
    h.home,
    (map) => {
      const moved = reanchor(map, name, now);
      return { write: moved, result: moved };
    },
    { now },
  );
}
