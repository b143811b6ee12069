import type { RunReportSummary } from "@/lib/curator/run-report";
import { Badge } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";

const COLUMNS: Column<RunReportSummary>[] = [
  {
    key: "started",
    header: "started",
    cell: (r) => (
      <>
        {r.startedAt ?? "?"}
        {r.dryRun && <Badge>dry run</Badge>}
      </>
    ),
  },
  { key: "checked", header: "checked", num: true, cell: (r) => r.counts.checked ?? "" },
  { key: "stale", header: "stale", num: true, cell: (r) => r.counts.marked_stale ?? "" },
  { key: "archived", header: "archived", num: true, cell: (r) => r.counts.archived ?? "" },
  { key: "reactivated", header: "reactivated", num: true, cell: (r) => r.counts.reactivated ?? "" },
  { key: "consolidation", header: "consolidation", cell: (r) => <span className="muted">{r.llmSummary ?? ""}</span> },
  { key: "report", header: "report", cell: (r) => <code>{r.folder}</code> },
];

/** The curator's run reports under `logs/curator`, newest first; or why there are none. */
export function ReportsTable({ reports, home, runCount }: { reports: RunReportSummary[]; home: string; runCount: number }) {
  const none =
    runCount > 0
      ? `No run reports in ${home}/logs/curator, although .curator_state counts ${runCount} runs: their reports were removed or written elsewhere.`
      : `No runs yet (reports go to ${home}/logs/curator).`;
  return <DataTable columns={COLUMNS} rows={reports} rowKey={(r) => r.folder} testId="curator-reports" scroll empty={<p className="muted">{none}</p>} />;
}
