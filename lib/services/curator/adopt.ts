import { insertUsageEvents } from "../../../db/queries/usage-events";
import { JevError } from "../../base/errors";
import { loadCuratorHome } from "../../curator/curator-home";
import { unmanagedList } from "../../curator/provenance";
import { adoptSkill } from "../../curator/prune-adopt";
import { homeWriteError } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";
import { curatorEvent } from "./internal/history";

export interface AdoptOutcome {
  name: string;
  ok: boolean;
  refusal?: "not_found" | "refused";
  /** False when the skill was already curator-managed: nothing changed, nothing recorded. */
  changed: boolean;
  message: string;
}

/** What `--all-unmanaged` would adopt: the home's local skills the curator does not manage yet. */
export async function unmanagedNames(ctx: ServiceCtx): Promise<string[]> {
  const h = await loadCuratorHome(requireHome(ctx.config), homeOptionsOf(ctx.config));
  return unmanagedList(h).map((u) => u.name);
}

/**
 * `jev curator adopt NAME...`, `POST /api/curator/adopt`: put local skills
 * under curator management (curator spec §6.5), each adoption a row of the
 * history. A refusal for one name (bundled, hub, external, not found) is its
 * outcome; the others go on.
 */
export async function adoptSkills(ctx: ServiceCtx, names: string[]): Promise<AdoptOutcome[]> {
  const home = requireHome(ctx.config);
  const outcomes: AdoptOutcome[] = [];
  try {
    for (const raw of names) {
      const name = raw.trim();
      const now = ctx.clock();
      // Read again for each: the previous adoption changed `.usage.json`.
      const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
      const result = await adoptSkill(h, name, now);
      const changed = result.ok && !result.unchanged;
      if (changed) await insertUsageEvents(ctx.db, [curatorEvent(home, name, "adopt", now, { message: result.message })]);
      outcomes.push({ name, ok: result.ok, changed, message: result.message, ...(result.refusal ? { refusal: result.refusal } : {}) });
    }
  } catch (err) {
    throw homeWriteError(err, "curator adopt");
  }
  return outcomes;
}

/** The API's single adoption: a refusal is an error, as for the other actions. */
export async function adoptOne(ctx: ServiceCtx, input: { name?: string }): Promise<{ ok: true; action: "adopt"; message: string }> {
  const name = input.name?.trim() ?? "";
  if (!name) throw new JevError("bad_request", "name: the skill to act on", "name");
  const [outcome] = await adoptSkills(ctx, [name]);
  if (!outcome.ok) throw new JevError(outcome.refusal === "not_found" ? "not_found" : "conflict", outcome.message);
  return { ok: true, action: "adopt", message: outcome.message };
}
