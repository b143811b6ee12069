import { getOrCreate } from "../lib/base/collections";
import { processWide } from "../lib/base/process-state";

type Hook = () => Promise<void>;

/** What must stop before a database's handle closes (a settings watch's listening connection), by database key. */
const hooks = processWide("jev.dbCloseHooks", () => new Map<string, Set<Hook>>());

/** Run `stop` when a handle of database `key` closes (once: it is then forgotten). */
export function beforeClose(key: string, stop: Hook): void {
  getOrCreate(hooks, key, () => new Set<Hook>()).add(stop);
}

/** Run and forget what was registered for `key`. */
export async function runBeforeClose(key: string): Promise<void> {
  const set = hooks.get(key);
  hooks.delete(key);
  for (const stop of set ?? []) await stop();
}
