import type { SkillCard } from "../catalog/types";

/** The catalog as ranked: meta skills removed, capped for judges that have a cap, with the dropped tail. */
export interface PreparedCatalog {
  skills: readonly SkillCard[];
  dropped: readonly SkillCard[];
}

const prepared = new WeakMap<readonly SkillCard[], { key: string; value: PreparedCatalog }>();

/**
 * Remove selector-only meta skills, then keep the first `cap` skills (no cap
 * when undefined: the local judge ranks everything). Memoised
 * per catalog snapshot so the ranked catalog keeps its identity across turns
 * (the local judge's index is keyed by it).
 */
export function prepareCatalog(skills: readonly SkillCard[], metaSkills: readonly string[], cap?: number): PreparedCatalog {
  const key = `${cap}\0${metaSkills.join("\0")}`;
  const hit = prepared.get(skills);
  if (hit && hit.key === key) return hit.value;
  const meta = new Set(metaSkills);
  const ranked = skills.filter((s) => !meta.has(s.name));
  const value = cap === undefined || ranked.length <= cap ? { skills: ranked, dropped: [] } : { skills: ranked.slice(0, cap), dropped: ranked.slice(cap) };
  prepared.set(skills, { key, value });
  return value;
}
