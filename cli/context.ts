import { getDb } from "../db/client";
import type { Db } from "../db/handle-types";
import { type JevConfig, loadConfig } from "../lib/config";
import { liveCtx, type ServiceCtx } from "../lib/services/context";

/** The context every `jev` command calls its verbs with: the process's database, its configuration (or `config`), the wall clock. */
export function cliCtx(config: JevConfig = loadConfig()): ServiceCtx {
  return liveCtx({ config });
}

/**
 * The same for a command that can answer without the database (`jev pick-skill`): when it cannot be
 * opened, `db` is null and the command says so once on stderr, never failing the turn for it.
 */
export function cliCtxWithoutDbIfNeeded(config: JevConfig = loadConfig()): ServiceCtx<Db | null> {
  let db: Db | null = null;
  try {
    db = getDb(config);
  } catch {
    console.error("jev: decision log unavailable (JEV_DB not writable); answering without it");
  }
  return { db, config, clock: Date.now };
}
