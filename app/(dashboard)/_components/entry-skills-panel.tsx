import type { EntrySkillsOverview, EntrySkillView } from "@/lib/services/catalog";
import { type Column, DataTable } from "./kit/data-table";

const EXAMPLE = '{"entry_skills": {"jev-blender": ["blender", "bpy", "geometry nodes"]}}';

function Hinted({ hints, loads }: { hints: number; loads: number }) {
  if (hints === 0) return <span className="muted">not hinted</span>;
  return (
    <>
      {hints} hinted, {loads} loaded
    </>
  );
}

function RelatedList({ related }: { related: EntrySkillView["related"] }) {
  if (related.length === 0) return <span className="muted">none listed in its front matter</span>;
  return (
    <ul className="plain">
      {related.map((r) => (
        <li key={r.name}>
          {r.name}{" "}
          {r.path ? (
            <span className="muted">
              (<Hinted hints={r.hints} loads={r.loads} />)
            </span>
          ) : (
            <span className="warning-text">not in the catalog</span>
          )}
        </li>
      ))}
    </ul>
  );
}

const columns = (days: number): Column<EntrySkillView>[] => [
  {
    key: "skill",
    header: "entry skill",
    cell: (e) => (
      <>
        <strong>{e.skill}</strong>
        <div className="muted path">{e.path ?? <span className="warning-text">not in the catalog: never hinted until a skill has this name</span>}</div>
      </>
    ),
  },
  { key: "words", header: "domain words", cell: (e) => e.words.join(", ") },
  { key: "related", header: "related skills, in order", cell: (e) => <RelatedList related={e.related} /> },
  { key: "hints", header: `last ${days} days`, cell: (e) => <Hinted hints={e.hints} loads={e.loads} /> },
];

/** Skills page: the rules file's domain entry skills, whether the catalog has them, their related skills, and a week of hints. */
export function EntrySkillsPanel({ overview }: { overview: EntrySkillsOverview }) {
  const { entries, problem, rulesFile, days } = overview;
  return (
    <div data-testid="entry-skills">
      <p className="muted">
        A turn with one of a domain&apos;s words is hinted its entry skill first, once per session, without asking the judge. Once the session has loaded it,
        the skills its front matter lists as related (<code>metadata.hermes.related_skills</code>) come next, one per turn of the domain, the one sharing most
        words with the turn first. Routine turns are still skipped by the gate; routing, privacy checks and rules 1 and 2 apply as to any suggestion.
      </p>
      {problem && (
        <p role="alert" data-testid="entry-skills-problem">
          The rules file is not used, so no entry skill is: {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="empty" data-testid="entry-skills-empty">
          No domain entry skills. To hint a skill first whenever a turn is about its domain, add them to the rules file (
          <code className="path">{rulesFile}</code>
          ), e.g. <code>{EXAMPLE}</code>.
        </p>
      ) : (
        <div className="table-scroll">
          {overview.catalogUnread && <p className="warning">The skill roots were not read in full, so whether each skill exists is unknown.</p>}
          <DataTable columns={columns(days)} rows={entries} rowKey={(e) => e.skill} rowTestId="entry-skill-row" />
        </div>
      )}
    </div>
  );
}
