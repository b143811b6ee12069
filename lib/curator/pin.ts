import { isManagedRecord } from "../hermes/usage-record";
import type { CuratorHome } from "./curator-home";
import type { MoveResult } from "./moves";
import { isAgentCreated } from "./provenance";
import { writePinned } from "./record-ops";

/** Pin or unpin (curator spec §6.3): the first step that applies decides. */
export async function setPin(h: CuratorHome, name: string, pinned: boolean, now: number): Promise<MoveResult> {
  if (h.hub.unreadable)
    return { ok: false, refusal: "refused", message: "hub lock unreadable (skills/.hub/lock.json): fix or remove it before changing skills" };
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
  if (!isManagedRecord(h.usage[name])) {
    return {
      ok: true,
      message: pinned
        ? `pinned '${name}': recorded, but the skill is unmanaged; adopt it to make the pin matter`
        : `unpinned '${name}': recorded; it was never under auto-transitions`,
    };
  }
  return { ok: true, message: pinned ? `pinned '${name}' (will bypass auto-transitions)` : `unpinned '${name}'` };
}
