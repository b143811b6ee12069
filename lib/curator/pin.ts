import { isManagedRecord, recordOf } from "../hermes/usage-record";
import { archiveCandidates } from "./archive";
import type { CuratorHome } from "./curator-home";
import type { MoveResult } from "./moves";
import { findLocalFolder, isAgentCreated } from "./provenance";
import { writePinned } from "./record-ops";

/** A skill folder of that name exists: local, archived or under an external root. */
function skillExists(h: CuratorHome, name: string): boolean {
  return findLocalFolder(h, name) !== undefined || h.externalNames.has(name) || archiveCandidates(h.skillsDir, name).length > 0;
}

/**
 * Pin or unpin (curator spec §6.3): the first step that applies decides.
 * Unlike Hermes's CLI, which records a pin for any name it is given, a name
 * with no skill folder anywhere is refused as not found: a typo should not
 * leave a record behind.
 */
export async function setPin(h: CuratorHome, name: string, pinned: boolean, now: number): Promise<MoveResult> {
  if (h.hub.unreadable)
    return { ok: false, refusal: "refused", message: "hub lock unreadable (skills/.hub/lock.json): fix or remove it before changing skills" };
  if (!skillExists(h, name)) return { ok: false, refusal: "not_found", message: `skill '${name}' not found` };
  if (!isAgentCreated(h, name)) {
    return {
      ok: false,
      refusal: "refused",
      message: pinned ? `'${name}' is bundled or hub-installed; it cannot be pinned` : `'${name}' is bundled or hub-installed; there is nothing to unpin`,
    };
  }
  if (!(await writePinned(h, name, pinned, now))) {
    return {
      ok: false,
      refusal: "refused",
      message: `'${name}' is not curation-eligible (protected built-in or external)${pinned ? "; see jev curator usage for the skills it can manage" : ""}`,
    };
  }
  if (!isManagedRecord(recordOf(h.usage, name))) {
    return {
      ok: true,
      message: pinned
        ? `pinned '${name}': recorded, but the skill is unmanaged; adopt it to make the pin matter`
        : `unpinned '${name}': recorded; it was never under auto-transitions`,
    };
  }
  return { ok: true, message: pinned ? `pinned '${name}' (will bypass auto-transitions)` : `unpinned '${name}'` };
}
