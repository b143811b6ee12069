import fs from "node:fs";
import path from "node:path";
import { plainPathProblem } from "../fs/plain-path";
import { readSmallTextSync } from "../fs/regular-file";
import type { CronRewriteReport } from "../hermes/cron-rewrite";
import type { StateChange, TransitionCounts } from "./transitions";

/** A skill the consolidation pass absorbed, as Hermes's run.json `consolidated` entries have it. */
export interface ConsolidatedEntry {
  name: string;
  into: string;
  source: string;
  reason: string;
}

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
  /** The consolidation pass's results, when it ran: the absorbed skills, the new umbrellas, the cron jobs that followed. */
  consolidation?: { consolidated: ConsolidatedEntry[]; added: string[]; cron: CronRewriteReport };
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
  // Never through a link: a logs/ linked elsewhere would have the report written there. The run goes on without one.
  if (plainPathProblem(home, base, "folder") !== null) return null;
  try {
    const parent = path.dirname(base);
    fs.mkdirSync(/*turbopackIgnore: true*/ parent, { recursive: true });
    let folder = base;
    for (let n = 2; ; n++) {
      try {
        fs.mkdirSync(/*turbopackIgnore: true*/ folder);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        folder = `${base}-${n}`;
      }
    }
    const consolidated = r.consolidation?.consolidated ?? [];
    const added = r.consolidation?.added ?? [];
    const cron = r.consolidation?.cron ?? { rewrites: [], jobs_updated: 0, jobs_scanned: 0 };
    // Hermes's `archived` is every name gone this run: the automatic archives, then the absorbed skills.
    const archived = [...r.stateTransitions.filter((t) => t.to === "archived").map((t) => t.name), ...consolidated.map((c) => c.name)];
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
        archived_this_run: archived.length,
        added_this_run: added.length,
        consolidated_this_run: consolidated.length,
        pruned_this_run: 0,
        state_transitions: 0,
        cron_jobs_rewritten: cron.jobs_updated,
        tool_calls_total: 0,
      },
      tool_call_counts: {},
      archived,
      consolidated,
      pruned: [],
      pruned_names: [],
      added,
      state_transitions: [],
      cron_rewrites: cron,
      llm_final: r.llmFinal,
      llm_summary: r.llmSummary,
      llm_error: r.llmError,
      tool_calls: [],
    };
    const runFile = path.join(folder, "run.json");
    const reportFile = path.join(folder, "REPORT.md");
    fs.writeFileSync(/*turbopackIgnore: true*/ runFile, `${JSON.stringify(runJson, null, 2)}\n`);
    fs.writeFileSync(/*turbopackIgnore: true*/ reportFile, reportMarkdown(r));
    // As Hermes: cron_rewrites.json only when a job was touched.
    if (cron.jobs_updated > 0) fs.writeFileSync(/*turbopackIgnore: true*/ path.join(folder, "cron_rewrites.json"), `${JSON.stringify(cron, null, 2)}\n`);
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
  const consolidated = r.consolidation?.consolidated ?? [];
  if (consolidated.length) {
    lines.push("", `### Consolidated into umbrella skills (${consolidated.length})`, "");
    for (const c of consolidated.slice(0, 50)) lines.push(`- \`${c.name}\` → merged into \`${c.into}\`${c.reason ? ` — ${c.reason}` : ""}`);
    if (consolidated.length > 50) lines.push(`- … and ${consolidated.length - 50} more (see \`run.json\`)`);
  }
  const rewrites = r.consolidation?.cron.rewrites ?? [];
  if (rewrites.length) {
    lines.push("", `### Cron jobs following the umbrellas (${rewrites.length})`, "");
    for (const w of rewrites) lines.push(`- ${String(w.job_name)}: ${w.before.join(", ")} → ${w.after.join(", ")}`);
  }
  if (r.stateTransitions.length) {
    lines.push("", "## State changes", "");
    for (const t of r.stateTransitions.slice(0, 50)) lines.push(`- ${t.name}: ${t.from} → ${t.to}`);
    if (r.stateTransitions.length > 50) lines.push(`- … and ${r.stateTransitions.length - 50} more`);
  }
  if (r.llmFinal) lines.push("", "## Consolidation output", "", r.llmFinal);
  lines.push(
    "",
    "---",
    "",
    consolidated.length
      ? "Archived skills can be brought back with `jev curator restore <name>` (or `hermes curator restore <name>`); a consolidation is undone whole with `jev curator restore --consolidation <umbrella>`."
      : "Archived skills can be brought back with `jev curator restore <name>` (or `hermes curator restore <name>`).",
    "",
  );
  return lines.join("\n");
}

export interface RunReportSummary {
  folder: string;
  startedAt: string | null;
  durationSeconds: number | null;
  counts: Partial<TransitionCounts>;
  llmSummary: string | null;
  dryRun: boolean;
}

/** Past run folders under `logs/curator/`, newest first; a folder whose run.json cannot be read is listed with what is known. */
export function listRunReports(home: string, limit = 20): RunReportSummary[] {
  const root = path.join(home, "logs", "curator");
  let names: string[];
  try {
    names = fs.readdirSync(/*turbopackIgnore: true*/ root).filter((n) => /^\d{8}-\d{6}(-\d+)?$/.test(n));
  } catch {
    return [];
  }
  const order = (n: string) => {
    const [stamp, suffix] = [n.slice(0, 15), Number(n.slice(16) || "1")];
    return `${stamp}-${String(suffix).padStart(6, "0")}`;
  };
  return names
    .sort((a, b) => (order(a) < order(b) ? 1 : -1))
    .slice(0, limit)
    .map((name) => {
      const folder = path.join(root, name);
      try {
        const runFile = path.join(folder, "run.json");
        const reportFile = path.join(folder, "REPORT.md");
        const run = JSON.parse(readSmallTextSync(runFile) ?? "");
        const report = readSmallTextSync(reportFile) ?? "";
        return {
          folder,
          startedAt: typeof run.started_at === "string" ? run.started_at : null,
          durationSeconds: typeof run.duration_seconds === "number" ? run.duration_seconds : null,
          counts: run.auto_transitions ?? {},
          llmSummary: typeof run.llm_summary === "string" ? run.llm_summary : null,
          dryRun: report.split("\n", 1)[0].includes("(dry run)"),
        };
      } catch {
        return { folder, startedAt: null, durationSeconds: null, counts: {}, llmSummary: null, dryRun: false };
      }
    });
}
