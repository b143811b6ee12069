import type { CuratorAction } from "../../vocab/curator";
import type { ServiceCtx } from "../context";
import { adoptOne } from "./adopt";
import { type CuratorPauseReply, setCuratorPaused } from "./pause";
import { type CuratorRunReply, runCuratorNow } from "./run";
import { actOnSkill, type SkillActionReply } from "./skill-actions";

export type CuratorActionReply = SkillActionReply | CuratorRunReply | CuratorPauseReply | { ok: true; action: "adopt"; message: string };

/** `POST /api/curator/:action` and the dashboard's curator buttons: the verb an action names. */
export function curatorAction(
  ctx: ServiceCtx,
  input: { action: CuratorAction; name?: string; dryRun?: boolean; consolidate?: boolean },
): Promise<CuratorActionReply> {
  const { action } = input;
  if (action === "run") return runCuratorNow(ctx, { dryRun: input.dryRun, consolidate: input.consolidate });
  if (action === "adopt") return adoptOne(ctx, { name: input.name });
  if (action === "pause" || action === "resume") return setCuratorPaused(ctx, { paused: action === "pause" });
  return actOnSkill(ctx, { action, name: input.name });
}
