import Link from "next/link";
import type { ReactNode } from "react";
import type { SkillListRow } from "@/lib/services/skills";
import { COUNTER_MEANING, PROVENANCE_LABELS } from "@/lib/vocab/curator";
import { SKILL_SOURCE_LABELS } from "@/lib/vocab/skill-sources";
import { Badge, When } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";
import { Sparkline } from "../_components/sparkline";
import { HEALTH_LABELS } from "./labels";

function StateCell({ row }: { row: SkillListRow }) {
  if (row.state === null) return <span className="muted">–</span>;
  return (
    <>
      {row.state}
      {row.pinned && <Badge kind="pinned">pinned</Badge>}
      {row.disabled && <Badge title="in config.yaml's skills.disabled: Hermes hides it and jev never suggests it">disabled</Badge>}
      {row.location !== "local" && <Badge>{row.location}</Badge>}
      {!row.managed && row.location === "local" && <Badge title="not under the curator's automatic transitions">unmanaged</Badge>}
    </>
  );
}

const SKILL: Column<SkillListRow> = {
  key: "skill",
  header: "skill",
  cell: (r) => (
    <>
      <Link href={`/skills/${encodeURIComponent(r.name)}`}>{r.name}</Link>
      {r.copies > 0 && <Badge title="other SKILL.md files of this name were ranked too; same-name copies load as one">+{r.copies}</Badge>}
    </>
  ),
};
const SOURCE: Column<SkillListRow> = { key: "source", header: "from", cell: (r) => SKILL_SOURCE_LABELS[r.source] };

/** A Hermes column's cell: empty for a skill that is not in the Hermes home (a Claude Code or Codex skill has no such record). */
const hermesOnly =
  (cell: (r: SkillListRow) => ReactNode) =>
  (r: SkillListRow): ReactNode =>
    r.source === "hermes" ? cell(r) : null;

/** Hermes's columns: shown when a Hermes home is in use, after the engine's, filled for its skills only. */
const HERMES_COLUMNS: Column<SkillListRow>[] = [
  { key: "provenance", header: "provenance", cell: hermesOnly((r) => (r.provenance ? PROVENANCE_LABELS[r.provenance] : <span className="muted">–</span>)) },
  { key: "state", header: "state", cell: hermesOnly((r) => <StateCell row={r} />) },
  { key: "use", header: "use", title: COUNTER_MEANING.use, num: true, cell: hermesOnly((r) => r.use_count) },
  { key: "view", header: "view", title: COUNTER_MEANING.view, num: true, cell: hermesOnly((r) => r.view_count) },
  { key: "patch", header: "patch", title: COUNTER_MEANING.patch, num: true, cell: hermesOnly((r) => r.patch_count) },
  { key: "last-activity", header: "last activity", nowrap: true, cell: hermesOnly((r) => <When at={r.last_activity_at} />) },
  { key: "spark", header: "30 days", cell: hermesOnly((r) => (r.uses && r.views ? <Sparkline uses={r.uses} views={r.views} label={r.name} /> : null)) },
];

/** The engine's columns: every skill has them. */
const ENGINE_COLUMNS: Column<SkillListRow>[] = [
  { key: "suggested", header: "suggested", title: "suggested by jev to clients that report loads, in 30 days", num: true, cell: (r) => r.suggested },
  { key: "loaded", header: "loaded", num: true, cell: (r) => r.loaded },
  {
    key: "suppressed",
    header: "suppressed",
    title: "times rule 2 held it back (shown often lately, rarely loaded), in 30 days",
    num: true,
    cell: (r) => r.suppressed,
  },
  { key: "last-suggested", header: "last suggested", nowrap: true, cell: (r) => <When at={r.last_suggested_at} /> },
  {
    key: "health",
    header: "description",
    cell: (r) => (r.health ? <span className="warning-text">{HEALTH_LABELS[r.health]}</span> : <span className="muted">ok</span>),
  },
];

/** Every skill jev ranks, a row each: the engine's columns first, Hermes's after them when a Hermes home is in use; a legend for the badges. */
export function SkillsTable({ rows, withHermes }: { rows: SkillListRow[]; withHermes: boolean }) {
  const columns = withHermes ? [SKILL, SOURCE, ...ENGINE_COLUMNS, ...HERMES_COLUMNS] : [SKILL, SOURCE, ...ENGINE_COLUMNS];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.location ?? r.source}:${r.path}`}
        testId="skills-table"
        rowTestId="skill-row"
        scroll
        cardsOnPhone
      />
      <p className="muted" data-testid="skills-legend">
        <Badge>+N</Badge> other SKILL.md files of the same name were found too (they load as one).
        {withHermes && (
          <>
            {" "}
            Hermes skills only: <Badge kind="pinned">pinned</Badge> never goes stale or is archived; <Badge>disabled</Badge> is in config.yaml&apos;s
            skills.disabled (never suggested); <Badge>unmanaged</Badge> is not under the curator&apos;s automatic transitions; <Badge>external</Badge> lives in
            skills.external_dirs (read only).
          </>
        )}
      </p>
    </>
  );
}
