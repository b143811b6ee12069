import { parsePyTime } from "../../../hermes/py-time";
import { compareCodePoints } from "../../../hermes/python-json";
import type { LifecycleState, Provenance } from "../../../vocab/curator";
import type { SkillLocation, SkillSort, SkillSource } from "../../../vocab/skill-sources";
import type { SkillListRow } from "./list-row";

/** The Skills page's filters (and `GET /api/skills`'s query). The Hermes ones match only skills a Hermes home holds. */
export interface SkillsFilter {
  source?: SkillSource;
  provenance?: Provenance;
  state?: LifecycleState;
  location?: SkillLocation;
  q?: string;
  sort?: SkillSort;
}

export function filterSkills(rows: SkillListRow[], f: SkillsFilter): SkillListRow[] {
  const q = f.q?.toLowerCase();
  return rows.filter(
    (r) =>
      (!f.source || r.source === f.source) &&
      (!f.provenance || r.provenance === f.provenance) &&
      (!f.state || r.state === f.state) &&
      (!f.location || r.location === f.location) &&
      (!q || r.name.toLowerCase().includes(q)),
  );
}

export function sortSkills(rows: SkillListRow[], sort: SkillSort): SkillListRow[] {
  const byName = (a: SkillListRow, b: SkillListRow) => compareCodePoints(a.name, b.name);
  const compare: Record<SkillSort, (a: SkillListRow, b: SkillListRow) => number> = {
    name: byName,
    activity: (a, b) => b.activity_count - a.activity_count || byName(a, b),
    last_activity: (a, b) => (parsePyTime(b.last_activity_at) ?? -1) - (parsePyTime(a.last_activity_at) ?? -1) || byName(a, b),
    suggested: (a, b) => b.suggested - a.suggested || byName(a, b),
    last_suggested: (a, b) => (b.last_suggested_at ?? -1) - (a.last_suggested_at ?? -1) || byName(a, b),
  };
  return rows.sort(compare[sort]);
}
