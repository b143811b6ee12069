import { lte } from "drizzle-orm";
import type { Db } from "../client";
import { write } from "../dialect";

/**
 * Take the lease on `job` for `ttlMs` if nobody holds it now. True when
 * this holder has it (run the job); false while any holder's lease runs,
 * this one's included: a job ticking more often than `ttlMs` runs once per lease.
 */
export async function takeLease(db: Db, job: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const { jobLeases } = db.jev.t;
  const taken = await write(db, (w) =>
    w
      .insert(jobLeases)
      .values({ job, holder, until: now + ttlMs })
      .onConflictDoUpdate({ target: jobLeases.job, set: { holder, until: now + ttlMs }, setWhere: lte(jobLeases.until, now) })
      .returning({ holder: jobLeases.holder }),
  );
  return taken.length === 1 && taken[0].holder === holder;
}
