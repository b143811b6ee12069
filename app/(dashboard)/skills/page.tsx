import Link from "next/link";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { JevError } from "@/lib/errors";
import { LIFECYCLE_STATES } from "@/lib/hermes/usage-record";
import { SKILL_LOCATIONS, SKILL_SORTS, type SkillListRow, skillsListing } from "@/lib/services/skills-list";
import { COUNTER_MEANING, PROVENANCE_LABELS, PROVENANCES } from "@/lib/vocab/curator";
import { Sparkline } from "../_components/sparkline";
import { parseSkillsView, skillsHref } from "./search-params";

export const dynamic = "force-dynamic";

const SORT_LABELS = { name: "name", activity: "most activity", last_activity: "last active", suggested: "most suggested" } as const;
const HEALTH_LABELS = {
  missing: "no description",
  too_short: "description too short",
  cut_off: "description cut off",
  thin_for_body: "description says less than the body",
} as const;

/** A filter select: "any" (empty) or one of the options, its value in the URL. */
function SelectFilter({ label, name, value, any, options }: { label: string; name: string; value?: string; any: string; options: [string, string][] }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function StateCell({ row }: { row: SkillListRow }) {
  return (
    <>
      {row.state}
      {row.pinned && <span className="badge badge-pinned">pinned</span>}
      {row.disabled && (
        <span className="badge" title="in config.yaml's skills.disabled: Hermes hides it and jev never suggests it">
          disabled
        </span>
      )}
      {row.location !== "local" && <span className="badge">{row.location}</span>}
      {!row.managed && row.location === "local" && (
        <span className="badge" title="not under the curator's automatic transitions">
          unmanaged
        </span>
      )}
    </>
  );
}

/**
 * Every skill of the Hermes home, one row each: provenance, lifecycle and pin,
 * Hermes's counters and last activity, 30 days of uses (solid) and views
 * (pale), the engine's suggestions and loads, and description health.
 * Filters and sort live in the URL.
 */
export default async function SkillsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseSkillsView(await searchParams);
  const config = loadConfig();
  let rows: SkillListRow[] | null = null;
  let skipped: { path: string; problem: string }[] = [];
  let problem: string | null = null;
  try {
    ({ skills: rows, skipped } = await skillsListing(getDb(), config, view));
  } catch (err) {
    problem = err instanceof JevError ? err.message : "the Hermes home could not be read";
  }
  const filtered = view.provenance || view.state || view.location || view.q;
  return (
    <section>
      <h1>Skills</h1>
      <p className="muted">
        The skills of the Hermes home <code>{config.hermesHome}</code>, with Hermes&apos;s usage telemetry (use is the hard signal: the skill was loaded to be
        followed; view the soft one: it was read) and what jev&apos;s engine did with each.
      </p>
      <form className="filters" method="get" action="/skills" aria-label="Filter skills">
        <SelectFilter label="Provenance" name="provenance" value={view.provenance} any="any" options={PROVENANCES.map((p) => [p, PROVENANCE_LABELS[p]])} />
        <SelectFilter label="State" name="state" value={view.state} any="any" options={LIFECYCLE_STATES.map((s) => [s, s])} />
        <SelectFilter label="Where" name="location" value={view.location} any="anywhere" options={SKILL_LOCATIONS.map((l) => [l, l])} />
        <label>
          Name <input name="q" defaultValue={view.q ?? ""} placeholder="contains…" />
        </label>
        <label>
          Sort
          <select name="sort" defaultValue={view.sort ?? "name"}>
            {SKILL_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Apply</button>
        {filtered && <Link href={skillsHref({}, { sort: view.sort })}>Clear</Link>}
      </form>

      {skipped.length > 0 && (
        <div className="warning" data-testid="skills-skipped">
          <p>
            {skipped.length} {skipped.length === 1 ? "entry is" : "entries are"} skipped, never opened: a <code>SKILL.md</code> must be a regular file (or a
            link to one).
          </p>
          <ul>
            {skipped.slice(0, 20).map((s) => (
              <li key={s.path}>
                <code className="path">{s.path}</code>: {s.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem ? (
        <div className="empty" data-testid="skills-empty">
          <p>{problem}</p>
          <p className="muted">
            jev curates a Hermes home in place: set <code>HERMES_HOME</code> to it (default <code>~/.hermes</code>) and restart. To try it first,{" "}
            <code>npm run demo</code> writes a synthetic one: <code>HERMES_HOME=data/demo/hermes npm start</code>.
          </p>
        </div>
      ) : rows && rows.length === 0 ? (
        <div className="empty" data-testid="skills-empty">
          <p>{filtered ? "No skill matches these filters." : `No skills in ${config.hermesHome}/skills yet: skills Hermes installs or creates appear here.`}</p>
        </div>
      ) : (
        rows && (
          <div className="table-scroll">
            <p className="muted">
              {rows.length} skills. {COUNTER_MEANING.use} {COUNTER_MEANING.view} {COUNTER_MEANING.patch}
            </p>
            <table className="decisions" data-testid="skills-table">
              <thead>
                <tr>
                  <th>skill</th>
                  <th>provenance</th>
                  <th>state</th>
                  <th className="num" title={COUNTER_MEANING.use}>
                    use
                  </th>
                  <th className="num" title={COUNTER_MEANING.view}>
                    view
                  </th>
                  <th className="num" title={COUNTER_MEANING.patch}>
                    patch
                  </th>
                  <th>last activity</th>
                  <th>30 days</th>
                  <th className="num" title="suggested by jev to clients that report loads, in 30 days">
                    suggested
                  </th>
                  <th className="num">loaded</th>
                  <th className="num" title="times rule 2 held it back (shown often lately, rarely loaded), in 30 days">
                    suppressed
                  </th>
                  <th>description</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.location}:${r.folder}`} data-testid="skill-row">
                    <td>
                      <Link href={`/skills/${encodeURIComponent(r.name)}`}>{r.name}</Link>
                    </td>
                    <td>{PROVENANCE_LABELS[r.provenance]}</td>
                    <td>
                      <StateCell row={r} />
                    </td>
                    <td className="num">{r.use_count}</td>
                    <td className="num">{r.view_count}</td>
                    <td className="num">{r.patch_count}</td>
                    <td className="nowrap">{r.last_activity_at ? r.last_activity_at.slice(0, 16).replace("T", " ") : "never"}</td>
                    <td>
                      <Sparkline uses={r.uses} views={r.views} label={r.name} />
                    </td>
                    <td className="num">{r.suggested}</td>
                    <td className="num">{r.loaded}</td>
                    <td className="num">{r.suppressed}</td>
                    <td>{r.health ? <span className="warning-text">{HEALTH_LABELS[r.health]}</span> : <span className="muted">ok</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
    </section>
  );
}
