import pg from "pg";
import { processWide } from "../../lib/base/process-state";
import { beforeClose } from "../close-hooks";
import { isPostgres } from "../dialect";
import type { Db } from "../handle-types";
import { forgetCachedRows } from "./sqlite-read-cache";

/** Where PostgreSQL announces changed settings (the settings_changed trigger, db/migrations-pg/0003). */
const CHANNEL = "jev_settings";
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1_000;
/** Keys kept at most (agents' names come from requests): past it, the memory starts again empty. */
const MAX_KEPT = 1_024;

type Read = (key: string) => Promise<string | null>;

/**
 * The settings one instance of a fleet reads on every turn (an agent's switches), kept in memory and forgotten when
 * PostgreSQL announces a change, whoever made it (another instance, `jev settings`, plain SQL). A value is kept only
 * while the listening connection is up, and only if it was up before the value was read, so no announcement can be
 * missed: until it connects, and after it fails, every read goes to the database.
 */
class SettingsWatch {
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  /** Bumped on every announcement: a read that overlapped one is not kept. */
  private generation = 0;
  private readonly values = new Map<string, string | null>();

  constructor(private readonly connect: () => pg.Client) {}

  async get(key: string, read: Read): Promise<string | null> {
    if (!this.client && !this.stopped) this.listen();
    if (this.listening && this.values.has(key)) return this.values.get(key)!;
    const generation = this.generation;
    const trusted = this.listening;
    const value = await read(key);
    if (trusted && this.listening && generation === this.generation) {
      if (this.values.size >= MAX_KEPT) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }

  /** This process changed `key`: forget it now, not when the announcement arrives. */
  forget(key: string): void {
    this.generation++;
    this.values.delete(key);
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.drop();
  }

  private listen(): void {
    const client = this.connect();
    this.client = client;
    client.on("notification", (n) => {
      if (n.channel !== CHANNEL) return;
      this.generation++;
      if (n.payload) this.values.delete(n.payload);
      else this.values.clear();
    });
    // A lost connection (the server restarted) must not take the process down: read through until it is back.
    client.on("error", () => void this.lost(client));
    client.on("end", () => void this.lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (this.client === client) this.listening = true;
      })
      .catch(() => this.lost(client));
  }

  private async lost(client: pg.Client): Promise<void> {
    if (this.client !== client) return;
    await this.drop();
    if (!this.stopped) setTimeout(() => this.client || this.stopped || this.listen(), RECONNECT_MS).unref();
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.listening = false;
    this.generation++;
    this.values.clear();
    await client?.end().catch(() => {});
  }
}

/** One watch per database, process-wide (the front door's copy of this module and Next's share it). */
const watches = processWide("jev.settingsWatches", () => new Map<string, SettingsWatch>());

function watchOf(db: Db): SettingsWatch {
  let watch = watches.get(db.jev.key);
  if (!watch) {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    watch = new SettingsWatch(() => new pg.Client((pool as unknown as { options: pg.ClientConfig }).options));
    watches.set(db.jev.key, watch);
    beforeClose(db.jev.key, () => stopWatchingSettings(db));
  }
  return watch;
}

/**
 * A setting read on a hot path of PostgreSQL: from this instance's memory
 * while the database's announcements are heard (no round trip), else with
 * `read`. (SQLite's are kept by sqlite-read-cache.ts; getSettingOnHotPath
 * picks.)
 */
export function watchedSetting(db: Db, key: string, read: Read): Promise<string | null> {
  return watchOf(db).get(key, read);
}

/** This process wrote `key`: its next read goes to the database. */
export function settingChanged(db: Db, key: string): void {
  if (isPostgres(db)) watches.get(db.jev.key)?.forget(key);
  else forgetCachedRows(db, "settings", key);
}

/** Close the database's listening connection (closing its handle does). */
async function stopWatchingSettings(db: Db): Promise<void> {
  const watch = watches.get(db.jev.key);
  watches.delete(db.jev.key);
  await watch?.stop();
}
