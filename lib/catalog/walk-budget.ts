/**
 * How much one request may walk: a deadline and a number of folders, shared
 * by all its roots. Skill trees are a few hundred folders read in tens of
 * milliseconds; the budget only stops a mistaken or hostile root (a home
 * folder, a source tree) from holding the server's I/O threads and memory.
 */
export const WALK_LIMITS = { maxFolders: 20_000, maxMs: 3_000 } as const;

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

  spendFolder(root: string): void {
    if (++this.folders > this.maxFolders) throw new WalkOverBudget(root, "folders");
    this.check(root);
  }

  check(root: string): void {
    if (Date.now() > this.deadline) throw new WalkOverBudget(root, "time");
  }
}

export function isWalkOverBudget(err: unknown): err is WalkOverBudget {
  return err instanceof Error && err.name === "WalkOverBudget";
}
