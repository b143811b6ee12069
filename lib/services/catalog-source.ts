import fs from "node:fs";
import { readHermesSkillsConfig } from "../catalog/hermes-config";
import { defaultRoots } from "../catalog/roots";
import type { JevConfig } from "../config";
import { isKnownAgent, KNOWN_AGENTS } from "../vocab/agents";

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
 * The roots and disabled names a request ranks (selection spec §1). Explicit
 * roots replace the defaults; Hermes's `skills.disabled` applies whenever the
 * catalog is Hermes's: default roots, or a caller that says it is Hermes.
 * `warnings` name explicit roots that cannot be read and an unknown agent.
 */
export function catalogSource(request: { roots?: string[]; agent?: string }, config: JevConfig) {
  const servingHermes = request.agent === "hermes";
  const explicit = request.roots && request.roots.length > 0;
  const warnings: string[] = [];
  if (request.agent !== undefined && !isKnownAgent(request.agent)) {
    warnings.push(`agent '${request.agent}' is not one jev knows (${KNOWN_AGENTS.join(", ")}); served with no agent-specific handling`);
  }
  if (explicit) {
    for (const root of request.roots!) {
      const problem = rootProblem(root);
      if (problem) warnings.push(`root ${root} ${problem}`);
    }
  }
  return {
    roots: explicit ? request.roots! : defaultRoots({ hermesHome: config.hermesHome, servingHermes, env: config.pathVars }),
    disabled: explicit && !servingHermes ? [] : readHermesSkillsConfig(config.hermesHome).disabled,
    warnings,
  };
}
