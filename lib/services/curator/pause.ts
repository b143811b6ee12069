import { updateCuratorState } from "../../hermes/curator-state";
import { homeWriteError } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { requireHome } from "./home";

export interface CuratorPauseReply {
  ok: true;
  action: "pause" | "resume";
  message: string;
}

/**
 * `jev curator pause|resume`, `POST /api/curator/pause|resume`: Hermes's own
 * `paused` flag in `.curator_state` (what `hermes curator pause` writes), so
 * neither jev's scheduler nor Hermes runs the curator until it is resumed.
 */
export async function setCuratorPaused(ctx: ServiceCtx, { paused }: { paused: boolean }): Promise<CuratorPauseReply> {
  const home = requireHome(ctx.config);
  try {
    await updateCuratorState(home, { paused });
  } catch (err) {
    throw homeWriteError(err, paused ? "curator pause" : "curator resume");
  }
  return paused
    ? { ok: true, action: "pause", message: "curator paused: neither jev nor Hermes runs it until it is resumed (skills/.curator_state)" }
    : { ok: true, action: "resume", message: "curator resumed: it runs again when due and Hermes is idle" };
}
