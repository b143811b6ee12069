import type { LeftOutRoot } from "@/lib/services/catalog";
import { Num, When } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";

const COLUMNS: Column<LeftOutRoot>[] = [
  { key: "root", header: "root", cell: (r) => <code>{r.root}</code> },
  { key: "requests", header: "requests", num: true, cell: (r) => <Num value={r.requests} /> },
  { key: "last", header: "last", nowrap: true, cell: (r) => <When at={r.lastAt} /> },
  { key: "why", header: "why", cell: (r) => r.why },
];

/** Roots agents sent that the server would not read (since it started): each request still ranked its other roots. */
export function LeftOutRootsTable({ roots }: { roots: LeftOutRoot[] }) {
  if (roots.length === 0) return null;
  return (
    <>
      <h2>Roots left out</h2>
      <p className="warning-text" data-testid="left-out-roots-note">
        Agents named skill folders this server may not read, so their skills were not offered. To allow a folder (a container&apos;s <code>/workspace</code>),
        list it in <code>JEV_ALLOWED_ROOTS</code> and restart.
      </p>
      <DataTable columns={COLUMNS} rows={roots} rowKey={(r) => r.root} testId="left-out-roots" scroll />
    </>
  );
}
