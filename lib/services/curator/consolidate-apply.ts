import { JevError } from "../../base/errors";
import { ConsolidationRefusal } from "../../curator/consolidation-apply";
import { loadCuratorHome } from "../../curator/curator-home";
import { curatedReport } from "../../curator/provenance";
import { claimRun } from "../../curator/run-curator";
import { writeRunReport } from "../../curator/run-report";
import { updateCuratorState } from "../../hermes/curator-state";
import { formatPyTime } from "../../hermes/py-time";
import { homeWriteError } from "../../hermes/usage-file";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";
import { carryOutPreview, previewProblem } from "./internal/carry-out";
import { dropPreview, readPreview } from "./internal/consolidation-store";

export interface ConsolidationApplied {
  ok: true;
  message: string;
  /** Per umbrella: the skills it absorbed, and any sibling the archive refused (it then stays a skill of its own). */
  applied: { umbrella: string; created: boolean; absorbed: string[]; left: { name: string; problem: string }[]; cronJobs: number }[];
  reportPath: string | null;
}

const FRESH_PREVIEW = "run `jev curator consolidate` (or the page's Preview) for a fresh preview";

/**
 * `jev curator consolidate --apply`, the page's Apply: carry out the saved preview, exactly as shown. A missing
 * preview, another one than the caller saw (`id`), or a home that changed since is refused, nothing written.
 */
export async function applyConsolidation(ctx: ServiceCtx, input: { id?: string } = {}): Promise<ConsolidationApplied> {
  const home = requireHome(ctx.config);
  const preview = readPreview(ctx.config.dbFile);
  if (!preview) throw new JevError("not_found", `no consolidation preview to apply: ${FRESH_PREVIEW}`);
  if (input.id !== undefined && input.id !== preview.id)
    throw new JevError("conflict", `preview ${input.id} is not the latest one (${preview.id}): ${FRESH_PREVIEW}`);
  if (!preview.changes.length) throw new JevError("conflict", `the preview has no plan to apply: ${FRESH_PREVIEW}`);
  const now = ctx.clock();
  // The run claim Hermes's curator and jev's runs take: a consolidation never moves folders under a running pass.
  const release = claimRun(home, now);
  if (!release) throw new JevError("busy", "a curator run is in progress (skills/.locks/curator-run): try again when it ends");
  try {
    const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
    const problem = previewProblem(h, preview);
    if (problem) throw new JevError("conflict", `the home changed since the preview (${problem}); nothing was applied: ${FRESH_PREVIEW}`);
    const before = curatedReport(h, now).length;
    dropPreview(ctx.config.dbFile); // applied once, even if a step below fails: the next apply needs a preview of what is there then
    const done = await carryOutPreview(ctx.db, h, preview, now, "apply");
    const after = curatedReport(await loadCuratorHome(home, homeOptionsOf(ctx.config)), now).length;
    const count = done.report.consolidated.length;
    const llmSummary = `consolidated ${count} skill(s) into ${done.applied.length} umbrella(s)`;
    const summary = [`consolidation applied; llm: ${llmSummary}`, done.renameSummary].filter(Boolean).join("\n");
    const reportPath = writeRunReport(home, {
      startedAt: formatPyTime(now),
      startMs: now,
      durationSeconds: (ctx.clock() - now) / 1000,
      counts: { marked_stale: 0, archived: 0, reactivated: 0, checked: before, seeded: 0 },
      before,
      after,
      stateTransitions: [],
      llmSummary,
      llmFinal: "",
      llmError: null,
      summary,
      dryRun: false,
      consolidation: done.report,
    });
    await updateCuratorState(home, { last_run_summary: summary, last_report_path: reportPath });
    return {
      ok: true,
      message: summary,
      applied: done.applied.map((a) => ({
        umbrella: a.umbrella,
        created: a.created,
        absorbed: a.absorbed.filter((s) => s.archivedTo).map((s) => s.name),
        left: a.absorbed.flatMap((s) => (s.problem ? [{ name: s.name, problem: s.problem }] : [])),
        cronJobs: a.cron.length,
      })),
      reportPath,
    };
  } catch (err) {
    if (err instanceof ConsolidationRefusal) throw new JevError("conflict", err.message);
    throw homeWriteError(err, "curator consolidate");
  } finally {
    release();
  }
}
