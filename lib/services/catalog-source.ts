import { resolveHermesHome } from "../catalog/expand-path";
import { readHermesSkillsConfig } from "../catalog/hermes-config";
import { defaultRoots } from "../catalog/roots";
import { DEFAULT_META_SKILLS } from "../engine/limits";

/** `JEV_META_SKILLS` (comma-separated) or the default list. */
export function metaSkillsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const raw = env.JEV_META_SKILLS;
  if (raw === undefined) return [...DEFAULT_META_SKILLS];
  return raw.split(",").map((s) => s.trim()).filter(Boolean);
}

/** The roots and disabled names a request ranks (selection spec §1). */
export function catalogSource(request: { roots?: string[]; agent?: string }, env: NodeJS.ProcessEnv) {
  if (request.roots && request.roots.length > 0) return { roots: request.roots, disabled: [] as string[] };
  const hermesHome = resolveHermesHome(undefined, env);
  return {
    roots: defaultRoots({ hermesHome, env, servingHermes: request.agent === "hermes" }),
    disabled: readHermesSkillsConfig(hermesHome).disabled,
  };
}
