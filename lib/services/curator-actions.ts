import fs from "node:fs";
import type { Db } from "../../db/client";
import { insertUsageEvents, type UsageEventRow } from "../../db/queries/usage-events";
import type { JevConfig } from "../config";
import { loadCuratorHome } from "../curator/curator-home";
import { archiveSkill, type MoveResult, restoreSkill } from "../curator/moves";
import { setPin } from "../curator/pin";
import { CuratorRefusal, type CuratorRunResult, runCurator } from "../curator/run-curator";
import { JevError } from "../errors";
import { homeWriteError } from "../hermes/usage-file";
import { recordOf } from "../hermes/usage-record";
import type { CuratorAction } from "../vocab/curator";
import { curatedHome } from "./skill-usage";

/** A dry run's addition to Hermes's summary: what a real run now would do (Hermes's own dry run skips the automatic transitions). */
function wouldChangeText(c: NonNullable<CuratorRunResult["wouldChange"]>): string {
  const parts = [
    c.archived && `${c.archived} archived`,
    c.marked_stale && `${c.marked_stale} marked stale`,
    c.reactivated && `${c.reactivated} reactivated`,
  ].filter(Boolean);
  return parts.length ? `a real run now would give: ${parts.join(", ")}` : "a real run now would change nothing";
}

export type CuratorActionResult = { ok: true; action: CuratorAction; message: string; run?: CuratorRunResult };

/** The home must exist: jev never creates one (curator spec §0). */
export function requireHome(config: JevConfig): string {
  const home = curatedHome(config);
  if (!fs.statSync(/*turbopackIgnore: true*/ home, { throwIfNoEntry: false })?.isDirectory()) {
    throw new JevError("not_found", `no Hermes home found at ${home}; set HERMES_HOME (or pass --hermes-home)`);
  }
  return home;
}

function refusal(result: MoveResult): JevError {
  return new JevError(result.refusal === "not_found" ? "not_found" : "conflict", result.message);
}

/**
 * `POST /api/curator/:action` and `jev curator pin|unpin|archive|restore|run`:
 * one curator action on the Hermes home. A refusal (pinned, bundled, hub,
 * external, not found, name taken) is a JevError and moves nothing; what was
 * done is appended to jev's history after the files changed.
 */
export async function curatorActionService(
  db: Db,
  config: JevConfig,
  action: CuratorAction,
  input: { name?: string; dryRun?: boolean },
  now = Date.now(),
): Promise<CuratorActionResult> {
  const home = requireHome(config);
  const homeOptions = { protectedNames: config.protectedSkills };
  const event = (skill: string, kind: UsageEventRow["kind"], detail: unknown): UsageEventRow => ({
    home,
    skill,
    kind,
    at: now,
    count: 1,
    source: "curator",
    detail: JSON.stringify(detail),
  });
  try {
    if (action === "run") {
      const run = await runCurator(home, { dryRun: input.dryRun ?? false, now, homeOptions });
      await insertUsageEvents(
        db,
        run.changes.map((c) => event(c.name, c.to === "archived" ? "archive" : "state", { from: c.from, to: c.to, by: "run" })),
      );
      return { ok: true, action, message: run.wouldChange ? `${run.summary} (${wouldChangeText(run.wouldChange)})` : run.summary, run };
    }
    const name = input.name?.trim() ?? "";
    if (!name) throw new JevError("bad_request", "name: the skill to act on", "name");
    const h = await loadCuratorHome(home, homeOptions);
    let result: MoveResult;
    if (action === "archive") {
      if (recordOf(h.usage, name)?.pinned === true) throw new JevError("conflict", `'${name}' is pinned — unpin first with \`jev curator unpin ${name}\``);
      result = await archiveSkill(h, name, now);
    } else if (action === "restore") result = await restoreSkill(h, name, now);
    else result = await setPin(h, name, action === "pin", now);
    if (!result.ok) throw refusal(result);
    await insertUsageEvents(db, [event(name, action, { message: result.message })]);
    return { ok: true, action, message: result.message };
  } catch (err) {
    if (err instanceof CuratorRefusal) throw new JevError("conflict", err.message);
    throw homeWriteError(err, `curator ${action}`);
  }
}
