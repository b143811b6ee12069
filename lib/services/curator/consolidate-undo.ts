import { consolidationEvents, insertUsageEvents } from "../../../db/queries/usage-events";
import { JevError } from "../../base/errors";
import { type AppliedConsolidation, ConsolidationRefusal } from "../../curator/consolidation-apply";
import { undoConsolidation } from "../../curator/consolidation-undo";
import { loadCuratorHome } from "../../curator/curator-home";
import { claimRun } from "../../curator/run-curator";
import { homeWriteError } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";
import { curatorEvent } from "./internal/history";

/** A consolidation as the history lists it: what an undo would bring back. */
export interface ConsolidationRecord {
  id: number;
  at: number;
  umbrella: string;
  created: boolean;
  absorbed: string[];
  cronJobs: number;
  reason: string;
  /** When it was undone (by a later row), else null. */
  undoneAt: number | null;
  /** The apply stopped before it was done (killed, or a step failed): an undo takes back what it did. */
  interrupted: boolean;
}

interface Row {
  id: number;
  at: number;
  kind: string;
  detail: string | null;
}

const parse = (detail: string | null): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(detail ?? "");
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
};

/** The applied consolidations of the rows, newest first, each with its undo (an `unconsolidate` row naming it). */
function consolidations(rows: Row[]): { record: ConsolidationRecord; applied: AppliedConsolidation }[] {
  const undoneAt = new Map<number, number>();
  for (const r of rows) {
    const undid = r.kind === "unconsolidate" ? parse(r.detail)?.undid : undefined;
    if (typeof undid === "number") undoneAt.set(undid, r.at);
  }
  return rows.flatMap((r) => {
    const d = r.kind === "consolidate" ? parse(r.detail) : null;
    if (!d || typeof d.umbrella !== "string" || typeof d.file !== "string" || typeof d.after !== "string" || !Array.isArray(d.absorbed)) return [];
    const applied = d as unknown as AppliedConsolidation;
    return [
      {
        applied,
        record: {
          id: r.id,
          at: r.at,
          umbrella: applied.umbrella,
          created: applied.created === true,
          absorbed: applied.absorbed.filter((a) => a.archivedTo).map((a) => a.name),
          cronJobs: Array.isArray(applied.cron) ? applied.cron.length : 0,
          reason: typeof applied.reason === "string" ? applied.reason : "",
          undoneAt: undoneAt.get(r.id) ?? null,
          interrupted: applied.state === "applying",
        },
      },
    ];
  });
}

/** The Curator page's list: the consolidations applied to the home, newest first. */
export async function consolidationHistory(ctx: ServiceCtx): Promise<ConsolidationRecord[]> {
  const home = requireHome(ctx.config);
  return consolidations(await consolidationEvents(ctx.db, home)).map((c) => c.record);
}

export interface ConsolidationUndone {
  ok: true;
  message: string;
  restored: string[];
  /** What was undone already (by Hermes's restore, by hand, or never done by an apply that stopped), a line each. */
  foundDone: string[];
  /** Siblings left as they are, and why. */
  leftAlone: string[];
  cronLeft: string[];
}

/**
 * `jev curator restore --consolidation UMBRELLA`, the page's Undo: the latest consolidation into UMBRELLA not yet
 * undone, undone whole. Refused, changing nothing, when there is none or the files changed since (undo would lose an edit).
 */
export async function undoConsolidationInto(ctx: ServiceCtx, input: { umbrella: string }): Promise<ConsolidationUndone> {
  const home = requireHome(ctx.config);
  const umbrella = input.umbrella.trim();
  if (!umbrella) throw new JevError("bad_request", "umbrella: the skill the consolidation went into", "umbrella");
  const found = consolidations(await consolidationEvents(ctx.db, home)).find((c) => c.record.umbrella === umbrella && c.record.undoneAt === null);
  if (!found) throw new JevError("not_found", `no consolidation into '${umbrella}' to undo (\`jev curator consolidations\` lists them)`);
  const now = ctx.clock();
  // The run claim Hermes's curator and jev's runs take: a consolidation never moves folders under a running pass.
  const release = claimRun(home, now);
  if (!release) throw new JevError("busy", "a curator run is in progress (skills/.locks/curator-run): try again when it ends");
  try {
    const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
    const undone = await undoConsolidation(h, found.applied, now, found.record.at);
    await insertUsageEvents(ctx.db, [curatorEvent(home, umbrella, "unconsolidate", now, { undid: found.record.id, ...undone })]);
    const parts = [undone.restored.length ? `restored ${undone.restored.join(", ")}` : "no sibling to restore"];
    if (undone.foundDone.length) parts.push(`found already undone: ${undone.foundDone.join("; ")}`);
    if (undone.leftAlone.length) parts.push(`left alone: ${undone.leftAlone.join("; ")}`);
    if (undone.cronLeft.length) parts.push(`cron job(s) ${undone.cronLeft.join(", ")} were edited since and keep '${umbrella}'`);
    return {
      ok: true,
      message: `undid the consolidation into '${umbrella}': ${parts.join("; ")}`,
      restored: undone.restored,
      foundDone: undone.foundDone,
      leftAlone: undone.leftAlone,
      cronLeft: undone.cronLeft,
    };
  } catch (err) {
    if (err instanceof ConsolidationRefusal) throw new JevError("conflict", err.message);
    throw homeWriteError(err, "curator restore");
  } finally {
    release();
  }
}
