import path from "node:path";
import { listArchived } from "../../curator/archive";
import { loadCuratorHome } from "../../curator/curator-home";
import { type CuratedRow, unmanagedList, usageReport } from "../../curator/provenance";
import { type CuratorStatus, curatorStatus } from "../../curator/status";
import type { ServiceCtx } from "../context";
import { refreshUsageHistory } from "../usage/refresh-history";
import { homeOptionsOf, requireHome } from "./home";

/** `jev curator status`: Hermes's status block for the home. */
export async function curatorStatusOf(ctx: ServiceCtx): Promise<CuratorStatus> {
  const h = await loadCuratorHome(requireHome(ctx.config), homeOptionsOf(ctx.config));
  return curatorStatus(h, ctx.clock());
}

/** `jev curator usage`: every curated skill's counters and state; what Hermes counted since the last look goes into the history first. */
export async function curatorUsageReport(ctx: ServiceCtx): Promise<CuratedRow[]> {
  const home = requireHome(ctx.config);
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
  await refreshUsageHistory(ctx, { home, map: h.usage });
  return usageReport(h, ctx.clock());
}

/** `jev curator list-archived`: the names under skills/.archive. */
export function archivedNames(ctx: ServiceCtx): string[] {
  return listArchived(path.join(requireHome(ctx.config), "skills"));
}

/** `jev curator list-unmanaged`: local skills the curator does not manage, and whether they pre-date the provenance marker. */
export async function unmanagedReport(ctx: ServiceCtx): Promise<ReturnType<typeof unmanagedList>> {
  return unmanagedList(await loadCuratorHome(requireHome(ctx.config), homeOptionsOf(ctx.config)));
}
