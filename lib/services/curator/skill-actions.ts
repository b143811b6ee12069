import { insertUsageEvents } from "../../../db/queries/usage-events";
import { JevError } from "../../base/errors";
import { loadCuratorHome } from "../../curator/curator-home";
import { archiveSkill, type MoveResult, restoreSkill } from "../../curator/moves";
import { setPin } from "../../curator/pin";
import { CuratorRefusal } from "../../curator/run-curator";
import { homeWriteError } from "../../hermes/usage-file";
import { recordOf } from "../../hermes/usage-record";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";
import { curatorEvent } from "./internal/history";

/** The curator actions on one named skill. */
export type SkillAction = "pin" | "unpin" | "archive" | "restore";

export interface SkillActionReply {
  ok: true;
  action: SkillAction;
  message: string;
}

function refusal(result: MoveResult): JevError {
  return new JevError(result.refusal === "not_found" ? "not_found" : "conflict", result.message);
}

/**
 * `jev curator pin|unpin|archive|restore NAME`, `POST /api/curator/:action`, the dashboard's buttons: one action on
 * one skill of the Hermes home. A refusal (pinned, bundled, hub, external, not found, name taken) is a JevError and
 * moves nothing; what was done is appended to the history after the files changed.
 */
export async function actOnSkill(ctx: ServiceCtx, input: { action: SkillAction; name?: string }): Promise<SkillActionReply> {
  const { action } = input;
  const home = requireHome(ctx.config);
  const name = input.name?.trim() ?? "";
  if (!name) throw new JevError("bad_request", "name: the skill to act on", "name");
  const now = ctx.clock();
  try {
    const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
    let result: MoveResult;
    if (action === "archive") {
      if (recordOf(h.usage, name)?.pinned === true) throw new JevError("conflict", `'${name}' is pinned — unpin first with \`jev curator unpin ${name}\``);
      result = await archiveSkill(h, name, now);
    } else if (action === "restore") result = await restoreSkill(h, name, now);
    else result = await setPin(h, name, action === "pin", now);
    if (!result.ok) throw refusal(result);
    await insertUsageEvents(ctx.db, [curatorEvent(home, name, action, now, { message: result.message })]);
    return { ok: true, action, message: result.message };
  } catch (err) {
    if (err instanceof CuratorRefusal) throw new JevError("conflict", err.message);
    throw homeWriteError(err, `curator ${action}`);
  }
}
