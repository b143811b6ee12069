import type { Db } from "../../../../db/client";
import { insertUsageEvents, type UsageEventRow } from "../../../../db/queries/usage-events";
import type { CuratorRunResult } from "../../../curator/run-curator";
import type { UsageEventKind } from "../../../vocab/curator";

/** Who started a run, as the history shows it (`by` in the row's detail). */
export type RunTrigger = "run" | "scheduled run";

/** One row of the curator's own history: what jev did to a skill of the home. */
export function curatorEvent(home: string, skill: string, kind: UsageEventKind, at: number, detail: object): UsageEventRow {
  return { home, skill, kind, at, count: 1, source: "curator", detail: JSON.stringify(detail) };
}

/** Append what a curator run changed (each transition a row) to the history. */
export async function recordRun(db: Db, home: string, run: CuratorRunResult, by: RunTrigger, at: number): Promise<void> {
  await insertUsageEvents(
    db,
    run.changes.map((c) => curatorEvent(home, c.name, c.to === "archived" ? "archive" : "state", at, { from: c.from, to: c.to, by })),
  );
}
