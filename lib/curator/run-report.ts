import fs from "node:fs";
import path from "node:path";
import type { StateChange, TransitionCounts } from "./transitions";

export interface RunReportInput {
  startedAt: string;
  startMs: number;
  durationSeconds: number;
  counts: TransitionCounts;
  before: number;
  after: number;
  stateTransitions: StateChange[];
  llmSummary: string;
  llmFinal: string;
  llmError: string | null;
  summary: string;
  dryRun: boolean;
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/-/g, "").replace("T", "-").replace(/:/g, "").slice(0, 15);

/**
 * A run's report folder (curator spec §8.4): `logs/curator/<YYYYMMDD-HHMMSS>`
 * (`-2`, `-3`… on collision) with `run.json` in Hermes's key order and a
 * human `REPORT.md`. Returns the folder, or null when it cannot be written
 * (the run goes on without a report).
 */
export function writeRunReport(home: string, r: RunReportInput): string | null {
  const base = path.join(home, "logs", "curator", stamp(r.startMs));
  try {
    fs.mkdirSync(path.dirname(base), { recursive: true });
    let folder = base;
    for (let n = 2; ; n++) {
      try {
        fs.mkdirSync(folder);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        folder = `${base}-${n}`;
      }
    }
    const runJson = {
      started_at: r.startedAt,
      duration_seconds: Math.round(r.durationSeconds * 100) / 100,
      model: "",
      provider: "",
      auto_transitions: r.counts,
      counts: {
        before: r.before,
        after: r.after,
        delta: r.after - r.before,
        archived_this_run: 0,
        added_this_run: 0,
        consolidated_this_run: 0,
        pruned_this_run: 0,
        state_transitions: 0,
        cron_jobs_rewritten: 0,
        tool_calls_total: 0,
      },
      tool_call_counts: {},
      archived: [],
      consolidated: [],
      pruned: [],
      pruned_names: [],
      added: [],
      state_transitions: [],
      cron_rewrites: { rewrites: [], jobs_updated: 0, jobs_scanned: 0 },
      llm_final: r.llmFinal,
      llm_summary: r.llmSummary,
      llm_error: r.llmError,
      tool_calls: [],
    };
    fs.writeFileSync(path.join(folder, "run.json"), `${JSON.stringify(runJson, null, 2)}\n`);
    fs.writeFileSync(path.join(folder, "REPORT.md"), reportMarkdown(r));
    return folder;
  } catch {
    return null;
  }
}

function reportMarkdown(r: RunReportInput): string {
  const c = r.counts;
  const lines = [
    `# Curator run ${r.startedAt}${r.dryRun ? " (dry run)" : ""}`,
    "",
    `Summary: ${r.summary}`,
    "",
    "## Automatic transitions",
    "",
    `- checked: ${c.checked}`,
    `- seeded: ${c.seeded}`,
    `- marked stale: ${c.marked_stale}`,
    `- archived: ${c.archived}`,
    `- reactivated: ${c.reactivated}`,
    "",
    "## Consolidation",
    "",
    `- ${r.llmSummary}`,
  ];
  if (r.stateTransitions.length) {
    lines.push("", "## State changes", "");
    for (const t of r.stateTransitions.slice(0, 50)) lines.push(`- ${t.name}: ${t.from} → ${t.to}`);
    if (r.stateTransitions.length > 50) lines.push(`- … and ${r.stateTransitions.length - 50} more`);
  }
  if (r.llmFinal) lines.push("", "## Consolidation output", "", r.llmFinal);
  lines.push("", "---", "", "Archived skills can be brought back with `jev curator restore <name>` (or `hermes curator restore <name>`).", "");
  return lines.join("\n");
}
