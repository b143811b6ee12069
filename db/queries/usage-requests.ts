import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { write } from "../dialect";

/** The `request_id`s of `ids` already counted for this home (a retry of each is answered without counting it again). */
export async function countedRequests(db: Db, home: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { usageRequests } = db.jev.t;
  const rows = await db
    .select({ id: usageRequests.requestId })
    .from(usageRequests)
    .where(and(eq(usageRequests.home, home), inArray(usageRequests.requestId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Remember that these requests were counted (inside the transaction that writes their events). */
export async function rememberRequests(db: Db, home: string, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  const { usageRequests } = db.jev.t;
  await db
    .insert(usageRequests)
    .values(ids.map((requestId) => ({ home, requestId, at })))
    .onConflictDoNothing();
}

/** Forget requests counted before `at` (retention: a retry comes within seconds, a day is plenty). */
export async function deleteRequestsBefore(db: Db, at: number): Promise<void> {
  const { usageRequests } = db.jev.t;
  await write(db, async (w) => {
    await w.delete(usageRequests).where(lt(usageRequests.at, at));
  });
}
