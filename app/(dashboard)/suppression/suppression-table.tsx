import type { SuppressionRow } from "@/lib/services/rules";
import type { SuppressionStateName } from "@/lib/vocab/suppression";
import { Badge, When } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";

export const STATE_LABEL = { shown: "shown", suppressed: "suppressed", retrying: "retrying now" } as const;

/** The load ratio against rule 2's line (max_load_ratio), as a small bar. */
function RatioBar({ ratio, line }: { ratio: number; line: number }) {
  return (
    <span className="ratio" title={`load ratio ${(ratio * 100).toFixed(1)}%, rule 2's line ${(line * 100).toFixed(0)}%`}>
      <span className="ratio-fill" style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      <span className="ratio-line" style={{ left: `${Math.min(100, line * 100)}%` }} />
    </span>
  );
}

/** Every skill rule 2 judges, its state (and where a what-if would move it), counts, ratio against the line, and next retry. */
export function SuppressionTable({ rows, line, alt }: { rows: SuppressionRow[]; line: number; alt: Map<string, SuppressionStateName> | null }) {
  const columns: Column<SuppressionRow>[] = [
    { key: "skill", header: "skill", cell: (r) => r.skill },
    {
      key: "state",
      header: "state",
      cell: (r) => {
        const other = alt?.get(r.skill);
        return (
          <>
            <Badge>{STATE_LABEL[r.state]}</Badge>
            {other && other !== r.state && (
              <span className="badge" data-testid="flip">
                → {STATE_LABEL[other]}
              </span>
            )}
          </>
        );
      },
    },
    { key: "shown", header: "shown", num: true, cell: (r) => r.suggestions },
    { key: "loaded", header: "loaded", num: true, cell: (r) => r.loads },
    {
      key: "ratio",
      header: "load ratio",
      cell: (r) => (
        <>
          <RatioBar ratio={r.load_ratio} line={line} /> {(r.load_ratio * 100).toFixed(0)}%
        </>
      ),
    },
    { key: "last", header: "last shown", cell: (r) => <When at={r.last_shown} /> },
    { key: "retry", header: "next retry", cell: (r) => <When at={r.retry_at} never="—" /> },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(r) => r.skill} rowProps={(r) => ({ "data-state": r.state })} testId="suppression-table" scroll />;
}
