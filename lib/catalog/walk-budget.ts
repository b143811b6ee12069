/**
 * How much one request may walk: a deadline and a number of folders, shared
 * by all its roots. Skill trees are a few hundred folders read in tens of
 * milliseconds; the budget only stops a mistaken or hostile root (a home
 * folder, a source tree) from holding the server's I/O threads and memory.
 */
export const WALK_LIMITS = { maxFolders: 20_000, maxMs: 3_000 } as const;

/**
 * The server's own walk of the default catalog at start: no request waits on
 * it alone, and a loaded machine (a build running beside it) can take more
 * than a request's 3 s for a small tree, so only the folder limit is the
 * request's; the time allowed is two minutes.
 */
export const START_WALK_LIMITS = { maxFolders: WALK_LIMITS.maxFolders, maxMs: 120_000 } as const;

/** The walk ran out of budget: the catalog is incomplete, so the request fails open. */
export class WalkOverBudget extends Error {
  constructor(
    readonly root: string,
    readonly limit: "time" | "folders",
  ) {
    super(limit === "time" ? `reading ${root} took over ${WALK_LIMITS.maxMs / 1000} s` : `${root} holds over ${WALK_LIMITS.maxFolders} folders`);
    this.name = "WalkOverBudget";
  }
}

export class WalkBudget {
  private folders = 0;
  constructor(
    private readonly deadline: number = Date.now() + WALK_LIMITS.maxMs,
    private readonly maxFolders: number = WALK_LIMITS.maxFolders,
  ) {}

  /** Whether this budget allows more than `other` did (a walk that failed under `other` may pass under this one). */
  exceeds(other: WalkBudget): boolean {
    return this.deadline > other.deadline + 10_000 || this.maxFolders > other.maxFolders;
  }

  spendFolder(root: string): void {
    if (++this.folders > this.maxFolders) throw new WalkOverBudget(root, "folders");
    this.check(root);
  }

  check(root: string): void {
    if (Date.now() > this.deadline) throw new WalkOverBudget(root, "time");
  }
}

/** The budget of the walk at start (START_WALK_LIMITS). */
export const startWalkBudget = () => new WalkBudget(Date.now() + START_WALK_LIMITS.maxMs, START_WALK_LIMITS.maxFolders);

export function isWalkOverBudget(err: unknown): err is WalkOverBudget {
  return err instanceof Error && err.name === "WalkOverBudget";
}
