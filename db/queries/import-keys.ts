import type { Db } from "../client";

/** Claim a record's import key: true the first time (import it), false when an earlier import holds it. Inside the caller's transaction. */
export async function claimImportKey(tx: Db, key: string, at: number): Promise<boolean> {
  const { importKeys } = tx.jev.t;
  const claimed = await tx.insert(importKeys).values({ key, at }).onConflictDoNothing().returning({ key: importKeys.key });
  return claimed.length > 0;
}
