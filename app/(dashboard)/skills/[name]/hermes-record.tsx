import type { HermesSkillDetail } from "@/lib/services/skills";
import { When } from "../../_components/kit/cells";
import { type Column, DataTable } from "../../_components/kit/data-table";

type HistoryRow = HermesSkillDetail["history"][number];

/** An event's detail in words: a curator action's message, or a state change. */
function detailText(detail: string | null): string {
  if (!detail) return "";
  try {
    const d = JSON.parse(detail) as { message?: string; from?: string; to?: string; by?: string };
    return d.message ?? (d.from || d.to ? `${d.from} → ${d.to}${d.by ? ` (${d.by})` : ""}` : "");
  } catch {
    return "";
  }
}

const HISTORY: Column<HistoryRow>[] = [
  { key: "when", header: "when (UTC)", cell: (e) => <When at={e.at} /> },
  { key: "event", header: "event", cell: (e) => e.kind },
  { key: "count", header: "count", num: true, cell: (e) => e.count },
  { key: "by", header: "by", cell: (e) => (e.source === "hermes" ? "Hermes" : "jev") },
  { key: "detail", header: "detail", cell: (e) => <span className="muted">{detailText(e.detail)}</span> },
];

const RECORD_FIELDS = [
  "created_by",
  "created_at",
  "state",
  "pinned",
  "archived_at",
  "last_used_at",
  "last_viewed_at",
  "last_patched_at",
  "patch_generation",
] as const;
type RecordField = (typeof RECORD_FIELDS)[number];

/** What Hermes's files and jev's history hold of the skill: the history of uses and curator actions, and its `.usage.json` record. */
export function HermesRecord({ hermes }: { hermes: HermesSkillDetail }) {
  const r = hermes.record;
  return (
    <>
      <h2>History</h2>
      <DataTable
        columns={HISTORY}
        rows={hermes.history}
        rowKey={(e) => String(e.id)}
        testId="skill-history"
        scroll
        empty={<p className="muted">Nothing recorded yet: uses reported through jev, Hermes&apos;s counts at each scan and curator actions appear here.</p>}
      />
      <h2>Record</h2>
      <DataTable<RecordField>
        columns={[
          { key: "field", header: "field", cell: (k) => k },
          { key: "value", header: "value", cell: (k) => String(r[k] ?? "null") },
        ]}
        rows={RECORD_FIELDS}
        rowKey={(k) => k}
        testId="skill-record"
        compact
      />
      {!r._persisted && <p className="muted">No record in skills/.usage.json yet: these are the defaults.</p>}
    </>
  );
}
