import type { SkillCard } from "../catalog/types";
import { LIMITS } from "./limits";

/** The catalog as ranked: meta skills removed, capped at 960, with the dropped tail. */
export interface PreparedCatalog {
  skills: readonly SkillCard[];
  dropped: readonly SkillCard[];
}

const prepared = new WeakMap<readonly SkillCard[], { key: string; value: PreparedCatalog }>();

/**
 * Remove selector-only meta skills, then keep the first `cap` skills. Memoised
 * per catalog snapshot so the ranked catalog keeps its identity across turns
 * (the local judge's index is keyed by it).
 */
export function prepareCatalog(
  skills: readonly SkillCard[],
  metaSkills: readonly string[],
  cap: number = LIMITS.catalogCap,
): PreparedCatalog {
  const key = `${cap}\0${metaSkills.join("\0")}`;
  const hit = prepared.get(skills);
  if (hit && hit.key === key) return hit.value;
  const meta = new Set(metaSkills);
  const ranked = skills.filter((s) => !meta.has(s.name));
  const value = { skills: ranked.slice(0, cap), dropped: ranked.slice(cap) };
  prepared.set(skills, { key, value });
  return value;
}
