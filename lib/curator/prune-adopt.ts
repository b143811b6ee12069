import { DAY_MS } from "../base/time";
import { parsePyTime } from "../hermes/py-time";
import { isManagedRecord, recordOf } from "../hermes/usage-record";
import type { CuratorHome } from "./curator-home";
import type { MoveResult } from "./moves";
import { curatedReport, findLocalFolder, isExternalPath } from "./provenance";
import { writeManaged } from "./record-ops";

export interface PruneCandidate {
  name: string;
  idleDays: number;
  cron: boolean;
}

/**
 * Prune's candidates (curator spec §6.4): curated skills neither pinned nor
 * archived, idle at least `days` whole days (since the last activity, else
 * creation), most idle first. Cron references are not consulted, only shown.
 */
export function pruneCandidates(h: CuratorHome, days: number, now: number, cronReferenced: Set<string>): PruneCandidate[] {
  const out: PruneCandidate[] = [];
  for (const row of curatedReport(h, now)) {
    if (row.pinned || row.state === "archived") continue;
    const anchor = parsePyTime(row.last_activity_at ?? row.created_at);
    if (anchor === null) continue;
    const idleDays = Math.max(0, Math.floor((now - anchor) / DAY_MS));
    if (idleDays >= days) out.push({ name: row.name, idleDays, cron: cronReferenced.has(row.name) });
  }
  return out.sort((a, b) => b.idleDays - a.idleDays || (a.name < b.name ? -1 : 1));
}

/** An adoption's result; `unchanged` when the skill was already managed (nothing was written). */
export type AdoptResult = MoveResult & { unchanged?: true };

/** Adopt a local skill into curator management (§6.5): declared managed, its inactivity clock kept. */
export async function adoptSkill(h: CuratorHome, name: string, now: number): Promise<AdoptResult> {
  const refused = (message: string, refusal: MoveResult["refusal"] = "refused"): MoveResult => ({ ok: false, message, refusal });
  if (!name.trim()) return refused("a skill name is needed");
  if (h.hub.unreadable) return refused("hub lock unreadable (skills/.hub/lock.json): fix or remove it before changing skills");
  if (h.protectedNames.has(name)) return refused(`'${name}' is a protected built-in; the curator never manages it`);
  if (h.hub.names.has(name)) return refused(`'${name}' is hub-installed; its upstream owns it`);
  if (h.bundled.has(name)) return refused(`'${name}' is bundled; it is governed by curator.prune_builtins, not by adoption`);
  const local = findLocalFolder(h, name);
  if (!local) {
    return h.externalNames.has(name)
      ? refused(`'${name}' lives in skills.external_dirs; external skills are read-only to the curator`)
      : refused(`skill '${name}' not found`, "not_found");
  }
  if (isExternalPath(h, local.folder)) return refused(`'${name}' lives in skills.external_dirs; external skills are read-only to the curator`);
  if (isManagedRecord(recordOf(h.usage, name))) return { ok: true, unchanged: true, message: `'${name}' is already curator-managed` };
  if (!(await writeManaged(h, name, now))) return refused(`could not adopt '${name}'`);
  return { ok: true, message: `adopted '${name}' into curator management` };
}
