import type { Db } from "../../../db/client";
import { discover } from "../../catalog/discover";
import type { SkillCard } from "../../catalog/types";
import { startWalkBudget } from "../../catalog/walk-budget";
import type { JevConfig } from "../../config";
import { prepareCatalog } from "../../engine/prepare-catalog";
import { buildIndexesInBackground, getJudge } from "../../judges/create-judge";
import type { LocalJudge } from "../../judges/local/local-judge";
import { setUpDenseSide } from "./dense-setup";
import { catalogSource } from "./source";

/**
 * At server start: the default catalog is walked, big local indexes build in the background from now on, and the
 * default catalog's is built before the first turn needs it. Then the sentence encoder loads and the skills' vectors
 * build in the background (kept in `db`); meanwhile the lexical judge answers alone. Resolves with the skills indexed.
 */
// The walk has no request's time limit; a turn that comes before the index is answered as the judge says (built in
// the turn when small, else `index_building`).
export async function warmLocalJudge(config: JevConfig, db: Db | null = null): Promise<number> {
  buildIndexesInBackground();
  setUpDenseSide(config, db, "server");
  if ("problem" in config.judge) return 0;
  const source = catalogSource({}, config);
  // Walked for every judge, with the start's own budget: a turn that arrives meanwhile shares this
  // walk (and the catalog it leaves) instead of failing open because a loaded machine is slow.
  const { skills } = await discover(source.roots, { disabled: source.disabled, fence: source.fence, budget: startWalkBudget() });
  if (config.judge.kind !== "local") return 0;
  // Not `instanceof`: the judge may come from the routes' copy of the module.
  const judge = getJudge("local") as Partial<Pick<LocalJudge, "prepare" | "lastBuild">>;
  if (!judge.prepare) return 0;
  const ranked = prepareCatalog(skills, config.metaSkills);
  judge.lastBuild = null;
  await judge.prepare(ranked);
  const built = (judge as Partial<Pick<LocalJudge, "lastBuild">>).lastBuild; // set by prepare (TypeScript still sees the null above)
  if (built) console.log(`[jev] local index of ${built.skills} skills built in ${Math.round(built.ms)} ms (tokenized on ${built.tokenized})`);
  const dense = (judge as Partial<Pick<LocalJudge, "dense">>).dense;
  if (dense) {
    const started = performance.now();
    void dense.prepare(ranked).then(
      () => dense.state === "ready" && console.log(`[jev] sentence encoder ready (${dense.modelId}) in ${Math.round(performance.now() - started)} ms`),
      () => !dense.stopping && console.error("[jev] building skill vectors failed; the lexical judge answers alone"),
    );
  }
  return ranked.length;
}

/** For `/api/health`: whether the local judge has the default catalog's index (`ready`), is building it, or neither; undefined for other judges. */
export function localIndexState(config: JevConfig, skills: readonly SkillCard[]): "ready" | "building" | "none" | undefined {
  if ("problem" in config.judge || config.judge.kind !== "local") return undefined;
  const judge = getJudge("local") as Partial<Pick<LocalJudge, "indexState">>;
  return judge.indexState?.(prepareCatalog(skills, config.metaSkills));
}
