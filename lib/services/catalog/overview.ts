import { descriptionReport } from "../../catalog/description-health";
import { type DiscoveredCatalog, discover } from "../../catalog/discover";
import { isWalkOverBudget } from "../../catalog/walk-budget";
import { prepareCatalog } from "../../engine/prepare-catalog";
import { judgeFor } from "../../judges/create-judge";
import { DESCRIPTION_PROBLEMS, type DescriptionProblem } from "../../vocab/description-problems";
import type { ServiceCtx } from "../context";
import { catalogSource } from "./source";

type Brief = { name: string; path: string };

export interface CatalogOverview {
  roots: string[];
  /** Why the roots were not read in full (over the walk budget); the catalog is then empty. */
  walkProblem?: string;
  /** Skills the judge ranks. */
  skills: number;
  /** Skills beyond the judge's cap: never ranked (remote judges only; the local judge has no cap). */
  overCap: number;
  /** The configured selector-only list, and the skills of the catalog it removed. */
  metaSkills: string[];
  metaRemoved: Brief[];
  /** SKILL.md files whose front matter does not parse. */
  unreadable: { path: string; problem: string }[];
  problems: Record<DescriptionProblem, Brief[]>;
}

/** What the default catalog looks like to the engine: where it reads, how much, and what to fix. */
export async function catalogOverview(ctx: ServiceCtx): Promise<CatalogOverview> {
  const { config } = ctx;
  const { roots, disabled, fence } = catalogSource({}, config);
  let found: Pick<DiscoveredCatalog, "skills" | "unreadable"> = { skills: [], unreadable: [] };
  let walkProblem: string | undefined;
  try {
    found = await discover(roots, { disabled, fence });
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    walkProblem = `${err.message}: skills are not ranked until the roots are smaller`;
  }
  const judge = "kind" in config.judge ? judgeFor(config.judge) : undefined;
  // The same preparation the engine ranks: meta skills out; a capped judge is sent its cap of them per turn.
  const ranked = prepareCatalog(found.skills, config.metaSkills);
  const meta = new Set(config.metaSkills);
  const report = descriptionReport(ranked);
  const brief = (list: readonly Brief[]) => list.map((s) => ({ name: s.name, path: s.path }));
  return {
    roots,
    walkProblem,
    skills: Math.min(ranked.length, judge?.maxSkills ?? ranked.length),
    overCap: Math.max(0, ranked.length - (judge?.maxSkills ?? ranked.length)),
    metaSkills: config.metaSkills,
    metaRemoved: brief(found.skills.filter((s) => meta.has(s.name))),
    unreadable: [...found.unreadable],
    problems: Object.fromEntries(DESCRIPTION_PROBLEMS.map((p) => [p, brief(report[p])])) as Record<DescriptionProblem, Brief[]>,
  };
}
