import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { isPostgres, write } from "../dialect";
import { preparedSelect } from "../hot/compiled";
import { settingChanged, watchedSetting } from "../hot/settings-watch";
import { sqliteReadCache } from "../hot/sqlite-read-cache";

const settingOf = preparedSelect((db, p) => {
  const { settings } = db.jev.t;
  return db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, p("key") as string));
});

/** Read on every request (an agent's switches): prepared once on SQLite. */
export async function getSetting(db: Db, key: string): Promise<string | null> {
  return (await settingOf(db, { key }))[0]?.value ?? null;
}

/**
 * A setting read on every turn: kept by this instance while PostgreSQL
 * announces changes (settings-watch.ts), or on SQLite while no other
 * connection wrote the file (sqlite-read-cache.ts), read in the caller's turn.
 */
export function getSettingOnHotPath(db: Db, key: string, turnBegan?: number): string | null | Promise<string | null> {
  if (!isPostgres(db)) return sqliteReadCache<string | null>(db, "settings").get(key, () => settingOf.onSqlite(db)({ key })[0]?.value ?? null, turnBegan);
  return watchedSetting(db, key, (k) => getSetting(db, k));
}

/** Store `value` unless the key already has one; returns the value that is stored. */
export async function setSettingOnce(db: Db, key: string, value: string): Promise<string> {
  const { settings } = db.jev.t;
  await write(db, async (w) => {
    await w.insert(settings).values({ key, value }).onConflictDoNothing();
  });
  settingChanged(db, key);
  return (await getSetting(db, key))!;
}

/** Store `value` under `key`, replacing what was there. */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  const { settings } = db.jev.t;
  await write(db, async (w) => {
    await w.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  });
  settingChanged(db, key);
}

/** Remove `key` and its value. */
export async function deleteSetting(db: Db, key: string): Promise<void> {
  const { settings } = db.jev.t;
  await write(db, async (w) => {
    await w.delete(settings).where(eq(settings.key, key));
  });
  settingChanged(db, key);
}
