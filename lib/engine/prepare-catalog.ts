import { processWide } from "../base/process-state";
import type { SkillCard } from "../catalog/types";

// Process-wide: the front door's copy of this module must hand the judge the array Next's copy warmed.
const prepared = processWide("jev.preparedCatalogs", () => new WeakMap<readonly SkillCard[], { key: string; value: readonly SkillCard[] }>());

/**
 * The catalog as ranked: selector-only meta skills removed. Memoised per
 * catalog snapshot so it keeps its identity across turns (the local judge's
 * index is keyed by it).
 */
export function prepareCatalog(skills: readonly SkillCard[], metaSkills: readonly string[]): readonly SkillCard[] {
  const key = metaSkills.join("\0");
  const hit = prepared.get(skills);
  if (hit && hit.key === key) return hit.value;
  const meta = new Set(metaSkills);
  const value = skills.filter((s) => !meta.has(s.name));
  prepared.set(skills, { key, value });
  return value;
}

/** What a capped judge is sent, and what it is not. */
export interface CappedCatalog {
  skills: readonly SkillCard[];
  dropped: readonly SkillCard[];
}

/**
 * Keep `cap` skills for a judge that costs a request per batch (selection spec §4): the ones `relevance` ranks
 * highest for the turn (ties to the earlier found), in catalog order, so the right skill is not lost to the order of
 * discovery. Without a relevance (the local index not ready) the first found are kept. No cap, or a catalog within
 * it: everything.
 */
export function capCatalog(skills: readonly SkillCard[], cap: number | undefined, relevance: () => ArrayLike<number> | null): CappedCatalog {
  if (cap === undefined || skills.length <= cap) return { skills, dropped: [] };
  const scores = relevance();
  if (!scores) return { skills: skills.slice(0, cap), dropped: skills.slice(cap) };
  const order = Array.from(skills, (_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  const kept = new Uint8Array(skills.length);
  for (let k = 0; k < cap; k++) kept[order[k]] = 1;
  return { skills: skills.filter((_, i) => kept[i]), dropped: skills.filter((_, i) => !kept[i]) };
}
