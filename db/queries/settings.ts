import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { settings } from "../schema";

export function getSetting(db: Db, key: string): string | null {
  return db.select().from(settings).where(eq(settings.key, key)).get()?.value ?? null;
}

/** Store `value` unless the key already has one; returns the value that is stored. */
export function setSettingOnce(db: Db, key: string, value: string): string {
  db.insert(settings).values({ key, value }).onConflictDoNothing().run();
  return getSetting(db, key)!;
}

/** Store `value` under `key`, replacing what was there. */
export function setSetting(db: Db, key: string, value: string): void {
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}
