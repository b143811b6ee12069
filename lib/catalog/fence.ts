import path from "node:path";

/**
 * Where a walk may go: real paths (symlinks resolved) of the folders it may
 * read. A symlink whose target resolves outside every one is not followed.
 */
export interface Fence {
  roots: readonly string[];
  /**
   * Where a SKILL.md that is itself a link may lead, besides the walked roots and its own folder: the skill roots
   * (the default ones, or JEV_ALLOWED_ROOTS), never the rest of the home a linked folder may lead into.
   */
  linkedFileRoots?: readonly string[];
}

export const NO_EXTRA_FENCE: Fence = { roots: [] };

/** True when `real` is one of the fence's roots or lies below one. */
export function isInside(real: string, fence: Fence): boolean {
  return fence.roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

/** A fence that lets links go anywhere (the curator follows them as Hermes does); the walk still takes each real folder once. */
export const WALK_EVERYWHERE: Fence = { roots: [path.sep] };
