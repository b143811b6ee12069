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

/**
 * The roots and disabled names a request ranks (selection spec §1). Explicit
 * roots replace the defaults; Hermes's `skills.disabled` applies whenever the
 * catalog is Hermes's: default roots, or a caller that says it is Hermes.
 */
export function catalogSource(request: { roots?: string[]; agent?: string }, env: NodeJS.ProcessEnv) {
  const hermesHome = resolveHermesHome(undefined, env);
  const servingHermes = request.agent === "hermes";
  const explicit = request.roots && request.roots.length > 0;
  return {
    roots: explicit ? request.roots! : defaultRoots({ hermesHome, env, servingHermes }),
    disabled: explicit && !servingHermes ? [] : readHermesSkillsConfig(hermesHome).disabled,
  };
}
