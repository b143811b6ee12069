import fs from "node:fs";
import { rootPolicy } from "../../catalog/allowed-roots";
import { discover } from "../../catalog/discover";
import { defaultRoots } from "../../catalog/roots";
import type { SkillCard } from "../../catalog/types";
import { isWalkOverBudget } from "../../catalog/walk-budget";
import type { JevConfig } from "../../config";
import { demoSkillsRoot } from "../../demo/demo-folders";
import { disabledOn, readHermesSkillsConfig } from "../../hermes/config-yaml";
import { isKnownAgent, KNOWN_AGENTS } from "../../vocab/agents";
import { noteLeftOutRoot, shownRoot } from "./left-out-roots";

/** Why a client's root was left out; docs/api.md says how to allow a folder. */
const NOT_ALLOWED = "is not an allowed root (JEV_ALLOWED_ROOTS; by default the default roots and folders under the server user's home)";

/** Why an explicit root cannot be read, or null when it can. */
function rootProblem(root: string): string | null {
  try {
    if (!fs.statSync(root).isDirectory()) return "is not a folder";
    fs.accessSync(root, fs.constants.R_OK | fs.constants.X_OK);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "cannot be read";
  }
}

/**
 * While none of the default roots exists (a first start on a fresh machine),
 * the demo's skills answer once `npm run demo` has written them: the try-it
 * call gets a suggestion without a restart. The user's own skills, once a
 * root of theirs exists, replace them.
 */
function withDemoWhenEmpty(roots: string[], config: JevConfig): string[] {
  if (roots.length > 0) return roots;
  const demo = demoSkillsRoot(config);
  return fs.existsSync(demo) ? [demo] : roots;
}

/**
 * The roots and disabled names a request ranks (selection spec §1): explicit roots replace the defaults; Hermes's
 * `skills.disabled` applies whenever the catalog is Hermes's; `hiddenOnPlatform` is the platform's own list.
 * With `checkRoots` (API clients) a root outside the allow-list is left out and named in `warnings`.
 */
// The platform's list is filtered after discovery, so every platform shares one catalog and one index. A root
// left out is also counted for the Overview and `jev doctor`; `fence` is where the walk's symlinks may lead.
export function catalogSource(request: { roots?: string[]; agent?: string; platform?: string }, config: JevConfig, options: { checkRoots?: boolean } = {}) {
  const servingHermes = request.agent === "hermes";
  const explicit = request.roots && request.roots.length > 0;
  const warnings: string[] = [];
  const policy = rootPolicy(config);
  // A root the server may not read is left out of this request, not the request refused: the
  // client's other roots (the user's own skills) still answer, and the reply says which was left out.
  let roots = explicit ? request.roots! : null;
  if (roots && options.checkRoots) {
    roots = roots.filter((root) => {
      if (policy.allows(root)) return true;
      warnings.push(`root ${shownRoot(root)} ${NOT_ALLOWED}; left out of this request`);
      noteLeftOutRoot(root, NOT_ALLOWED);
      return false;
    });
  }
  if (request.agent !== undefined && !isKnownAgent(request.agent)) {
    warnings.push(`agent '${request.agent}' is not one jev knows (${KNOWN_AGENTS.join(", ")}); served with no agent-specific handling`);
  }
  if (roots) {
    for (const root of roots) {
      const problem = rootProblem(root);
      if (problem) warnings.push(`root ${shownRoot(root)} ${problem}`);
    }
  }
  const hermesCatalog = !explicit || servingHermes;
  const skillsConfig = hermesCatalog ? readHermesSkillsConfig(config.hermesHome) : null;
  const hiddenOnPlatform = new Set<string>();
  if (skillsConfig && request.platform) {
    const global = new Set(skillsConfig.disabled);
    for (const name of disabledOn(skillsConfig, request.platform)) if (!global.has(name)) hiddenOnPlatform.add(name);
  }
  return {
    roots: roots ?? withDemoWhenEmpty(defaultRoots({ hermesHome: config.hermesHome, servingHermes, env: config.pathVars }), config),
    disabled: skillsConfig?.disabled ?? [],
    hiddenOnPlatform,
    warnings,
    fence: policy.fence,
  };
}

/**
 * The default catalog's cards (the roots a request that names none ranks),
 * and whether they were left unread because the roots are over the walk
 * budget. `includeDisabled` keeps Hermes's disabled skills (a listing shows
 * them; ranking never does).
 */
export async function defaultCatalog(
  config: JevConfig,
  options: { includeDisabled?: boolean } = {},
): Promise<{ cards: readonly SkillCard[]; unread: boolean }> {
  const { roots, disabled, fence } = catalogSource({}, config);
  try {
    return { cards: (await discover(roots, { disabled: options.includeDisabled ? [] : disabled, fence })).skills, unread: false };
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    return { cards: [], unread: true };
  }
}
