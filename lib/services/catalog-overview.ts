import { discover } from "../catalog/discover";
import { descriptionReport, type DescriptionProblem } from "../catalog/description-health";
import { prepareCatalog } from "../engine/prepare-catalog";
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
  const metaSkills = metaSkillsFromEnv(env);
  // The same preparation the engine ranks: meta skills out, capped at 960.
  const { skills: ranked, dropped } = prepareCatalog(skills, metaSkills);
  const report = descriptionReport([...ranked, ...dropped]);
  const brief = (list: readonly { name: string; path: string }[]) => list.map((s) => ({ name: s.name, path: s.path }));
  return {
    roots,
    skills: ranked.length,
    overCap: dropped.length,
    metaSkills,
    problems: { missing: brief(report.missing), too_short: brief(report.too_short), cut_off: brief(report.cut_off) },
  };
}
