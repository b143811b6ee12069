import { discover } from "../catalog/discover";
import { descriptionReport, type DescriptionProblem } from "../catalog/description-health";
import { LIMITS } from "../engine/limits";
import { catalogSource, metaSkillsFromEnv } from "./catalog-source";

export interface CatalogOverview {
  roots: string[];
  skills: number;
  /** Skills found beyond the 960 cap: never ranked. */
  overCap: number;
  metaSkills: string[];
  problems: Record<DescriptionProblem, { name: string; path: string }[]>;
}

/** What the default catalog looks like to the engine: where it reads, how much, and what to fix. */
export function catalogOverview(env: NodeJS.ProcessEnv = process.env): CatalogOverview {
  const { roots, disabled } = catalogSource({}, env);
  const { skills } = discover(roots, { disabled });
  const meta = new Set(metaSkillsFromEnv(env));
  const ranked = skills.filter((s) => !meta.has(s.name));
  const report = descriptionReport(ranked);
  const brief = (list: typeof ranked) => list.map((s) => ({ name: s.name, path: s.path }));
  return {
    roots,
    skills: ranked.length,
    overCap: Math.max(0, ranked.length - LIMITS.catalogCap),
    metaSkills: [...meta],
    problems: { missing: brief(report.missing), too_short: brief(report.too_short), cut_off: brief(report.cut_off) },
  };
}
