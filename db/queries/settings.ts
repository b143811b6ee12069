import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { write } from "../dialect";

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const { settings } = db.jev.t;
  const rows = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

/** Store `value` unless the key already has one; returns the value that is stored. */
export async function setSettingOnce(db: Db, key: string, value: string): Promise<string> {
  const { settings } = db.jev.t;
  await write(db, async (w) => {
    await w.insert(settings).values({ key, value }).onConflictDoNothing();
  });
  return (await getSetting(db, key))!;
}

/** Store `value` under `key`, replacing what was there. */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  const { settings } = db.jev.t;
  await write(db, async (w) => {
    await w.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  });
}
