import Link from "next/link";
import { LEAST_LOADED_MIN, type SkillFigures } from "@/lib/services/overview";
import { Num } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";
import { EmptyState } from "../_components/kit/empty-state";

const COLUMNS: Column<SkillFigures>[] = [
  { key: "skill", header: "skill", cell: (s) => <Link href={`/skills/${encodeURIComponent(s.skill)}`}>{s.skill}</Link> },
  { key: "suggested", header: "suggested", num: true, cell: (s) => <Num value={s.suggested} /> },
  { key: "loaded", header: "loaded", num: true, cell: (s) => <Num value={s.loaded} /> },
  { key: "share", header: "loaded share", num: true, cell: (s) => `${Math.round((s.loaded / s.suggested) * 100)}%` },
];

/** The skills agents were shown most, and the ones they load least when shown (rule 2's candidates), side by side. */
export function SkillFiguresPanel({ most, least }: { most: SkillFigures[]; least: SkillFigures[] }) {
  if (most.length === 0) {
    return (
      <EmptyState testId="skill-figures-empty" title="No suggestion shown to an agent that reports loads in this range.">
        <p>
          Suggestions count here when the agent says what it loaded (<code>feedback: true</code> and <code>POST /api/feedback</code>; jev&apos;s Hermes plugin
          and Claude Code hooks do).
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="side-by-side">
      <div>
        <h3>Most suggested</h3>
        <DataTable columns={COLUMNS} rows={most} rowKey={(s) => s.skill} testId="most-suggested" compact scroll />
      </div>
      <div>
        <h3>Least loaded</h3>
        <DataTable
          columns={COLUMNS}
          rows={least}
          rowKey={(s) => s.skill}
          testId="least-loaded"
          compact
          scroll
          empty={<p className="muted">No skill shown {LEAST_LOADED_MIN} times or more yet.</p>}
        />
      </div>
    </div>
  );
}
