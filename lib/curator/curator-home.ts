import fs from "node:fs";
import path from "node:path";
import { JevError } from "../base/errors";
import { expandPath } from "../catalog/expand-path";
import { isWalkOverBudget, WalkBudget } from "../catalog/walk-budget";
import { readBundledNames } from "../hermes/bundled-manifest";
import { type CuratorConfig, type HermesSkillsConfig, readHermesConfig, withThresholdDefaults } from "../hermes/config-yaml";
import { type HubSet, readHubSet } from "../hermes/hub-lock";
import { readUsage } from "../hermes/usage-file";
import type { UsageMap } from "../hermes/usage-record";
import { type DefaultsInForce, defaultsInForce } from "./defaults-in-force";
import { keptCuratorTree } from "./kept-trees";
import { type SkillFolder, walkCuratorTree } from "./skill-tree";

/**
 * One look at a Hermes home, as every curator decision needs it: the config, the bundled and hub sets, the external
 * roots, the local skill folders and the usage records (a plain read; writes re-read under the lock). Built per
 * operation; a view may read its skill folders from a kept tree (kept-trees.ts), a decision never does.
 */
export interface CuratorHome {
  home: string;
  skillsDir: string;
  /** config.yaml's `curator:` section, thresholds it leaves out taken from `defaults`. */
  config: CuratorConfig;
  /** The release defaults in force (or the conservative set), and why. */
  defaults: DefaultsInForce;
  /** The threshold keys config.yaml sets itself (`stale_after_days`, `archive_after_days`): they win over `defaults`. */
  thresholdsFromConfig: string[];
  skillsConfig: HermesSkillsConfig;
  /** Never curation-eligible: the defaults' protected names plus JEV_PROTECTED_SKILLS. */
  protectedNames: Set<string>;
  bundled: Set<string>;
  hub: HubSet;
  /** Real paths of the external roots (§3.4), in config order. */
  externalRoots: string[];
  /** Skill folders under `skills/`, external ones left out. */
  local: SkillFolder[];
  /** Skill folders under the external roots, root by root. */
  external: SkillFolder[];
  /** Names found only under external roots. */
  externalNames: Set<string>;
  /** SKILL.md entries in the walked folders that are not regular files (a FIFO, socket or device): skipped, never opened. */
  skipped: { path: string; problem: string }[];
  usage: UsageMap;
}

export interface CuratorHomeOptions {
  /** Names protected on top of the defaults' (JEV_PROTECTED_SKILLS). */
  protectedNames?: Iterable<string>;
  /** Where paths expand and the Hermes version is looked for (default: the process's). */
  env?: Readonly<Record<string, string | undefined>>;
}

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(/*turbopackIgnore: true*/ p);
  } catch {
    return null;
  }
}

/** Whether `p` lies under one of the real roots. */
export function isUnder(p: string, roots: string[]): boolean {
  const real = realOrNull(p) ?? p;
  return roots.some((r) => real === r || real.startsWith(`${r}${path.sep}`));
}

/** A tree over the walk budget is a refusal (409) naming why, not an error: no decision is made on half a tree. */
async function overBudgetAsRefusal<T>(walk: Promise<T>): Promise<T> {
  try {
    return await walk;
  } catch (err) {
    if (isWalkOverBudget(err)) throw new JevError("conflict", `${err.message}: the curator reads whole skill trees only`);
    throw err;
  }
}

/**
 * Throws a conflict JevError when the skills folders hold more than one walk may
 * read (the catalog's budget): no curator decision is made on half a tree.
 */
export async function loadCuratorHome(home: string, options: CuratorHomeOptions = {}, trees: "walked" | "kept" = "walked"): Promise<CuratorHome> {
  const hermesConfig = readHermesConfig(home);
  const skillsConfig = hermesConfig.skills;
  const defaults = await defaultsInForce(home, options.env ?? process.env);
  const skillsDir = path.join(home, "skills");
  const localRoot = realOrNull(skillsDir);
  const externalRoots: string[] = [];
  for (const entry of skillsConfig.externalDirs) {
    const real = realOrNull(expandPath(entry, home, options.env));
    if (!real || !fs.statSync(/*turbopackIgnore: true*/ real).isDirectory() || real === localRoot || externalRoots.includes(real)) continue;
    externalRoots.push(real);
  }
  const underExternal = (real: string) => externalRoots.some((r) => real === r || real.startsWith(`${r}${path.sep}`));
  const budget = new WalkBudget();
  const skillRoots = [...(localRoot ? [localRoot] : []), ...externalRoots];
  const walk = (root: string, skip?: (real: string) => boolean) =>
    overBudgetAsRefusal(
      trees === "kept" ? keptCuratorTree([root, ...externalRoots].join("\0"), root, budget, skip, skillRoots) : walkCuratorTree(root, budget, skip, skillRoots),
    );
  const localTree = localRoot ? await walk(skillsDir, externalRoots.length ? underExternal : undefined) : { skills: [], skipped: [] };
  const local = [...localTree.skills]; // a kept tree is shared by every view: never changed in place
  const skipped = [...localTree.skipped];
  const localNames = new Set(local.map((s) => s.name));
  const external: SkillFolder[] = [];
  const externalNames = new Set<string>();
  for (const root of externalRoots) {
    const tree = await walk(root);
    external.push(...tree.skills);
    skipped.push(...tree.skipped);
    for (const s of tree.skills) if (!localNames.has(s.name)) externalNames.add(s.name);
  }
  return {
    home,
    skillsDir,
    config: withThresholdDefaults(hermesConfig, defaults.defaults),
    defaults,
    thresholdsFromConfig: [
      ...(hermesConfig.curatorThresholds.staleAfterDays !== undefined ? ["stale_after_days"] : []),
      ...(hermesConfig.curatorThresholds.archiveAfterDays !== undefined ? ["archive_after_days"] : []),
    ],
    skillsConfig,
    protectedNames: new Set([...defaults.defaults.protectedNames, ...(options.protectedNames ?? [])]),
    bundled: readBundledNames(home),
    hub: readHubSet(home),
    externalRoots,
    local,
    external,
    externalNames,
    skipped,
    usage: readUsage(home).map,
  };
}
