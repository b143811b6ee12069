import Link from "next/link";
import { LIFECYCLE_STATES, PROVENANCE_LABELS, PROVENANCES } from "@/lib/vocab/curator";
import { SKILL_LOCATIONS, SKILL_SORTS, SKILL_SOURCE_LABELS, SKILL_SOURCES } from "@/lib/vocab/skill-sources";
import { SORT_LABELS } from "./labels";
import { type SkillsPageView, skillsHref } from "./search-params";

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

/** The Skills page's filters and sort, a GET form: every choice lives in the URL. Hermes's filters only when a Hermes home is in use. */
export function SkillFilters({ view, withHermes }: { view: SkillsPageView; withHermes: boolean }) {
  const filtered = view.source || view.provenance || view.state || view.location || view.q;
  return (
    <form className="filters" method="get" action="/skills" aria-label="Filter skills">
      <SelectFilter label="From" name="source" value={view.source} any="every root" options={SKILL_SOURCES.map((s) => [s, SKILL_SOURCE_LABELS[s]])} />
      {withHermes && (
        <>
          <SelectFilter label="Provenance" name="provenance" value={view.provenance} any="any" options={PROVENANCES.map((p) => [p, PROVENANCE_LABELS[p]])} />
          <SelectFilter label="State" name="state" value={view.state} any="any" options={LIFECYCLE_STATES.map((s) => [s, s])} />
          <SelectFilter label="Where" name="location" value={view.location} any="anywhere" options={SKILL_LOCATIONS.map((l) => [l, l])} />
        </>
      )}
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
  );
}
