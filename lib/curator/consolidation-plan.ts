import { z } from "zod";
import { describeZodIssue } from "../base/errors";
import { CATALOG_WALK } from "../catalog/walk";
import { curationScope } from "./curation-scope";
import type { CuratorHome } from "./curator-home";
import type { OverlapCluster } from "./overlaps";
import { findLocalFolder } from "./provenance";
import { EXCLUDED_SKILL_DIRS } from "./skill-tree";

/*
 * The consolidation pass's plan (issue 46): what the remote judge answers for each overlapping cluster, checked
 * before anything is shown or written. jev, not the model, writes the files: the model only says which skill is the
 * umbrella, which siblings it absorbs and how (a section of the umbrella's SKILL.md, or a support file under its
 * references/), and why. A plan that breaks a rule is refused whole, with its reason; the others still stand.
 */

/** A skill name as Hermes's skill_manage accepts one: no separators, so no name can lead out of the home. */
export const PlanSkillName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "must be a skill name (letters, digits, '.', '_', '-'; no '/')")
  .refine((name) => !name.includes(".."), "must not contain '..'");

const Absorbed = z.object({
  skill: PlanSkillName,
  /** `section`: the sibling's body becomes a section of the umbrella; `reference`: its SKILL.md moves to references/. */
  as: z.enum(["section", "reference"]),
});

const Plan = z.object({
  /** The cluster's number in the request (1-based). */
  cluster: z.number().int().min(1),
  umbrella: z.object({
    name: PlanSkillName,
    /** A new skill: it does not exist yet, and `description` says what it covers. */
    create: z.boolean().default(false),
    description: z.string().min(1).max(1024).optional(),
  }),
  absorb: z.array(Absorbed).min(1).max(16),
  reason: z.string().min(1).max(2000),
});

/** The judge's whole answer: one plan per cluster it would consolidate (a cluster left alone has none). */
export const ConsolidationAnswer = z.object({ plans: z.array(Plan).max(200) });
export type ConsolidationPlan = z.infer<typeof Plan>;

export interface CheckedPlans {
  /** Plans that keep every rule, ready for a preview. */
  plans: ConsolidationPlan[];
  /** Each refused plan's cluster and why; or the whole answer's problem (cluster 0) when it did not parse. */
  refused: { cluster: number; reason: string }[];
}

/** What a plan is checked against: the home's skills as the curator sees them. */
export interface PlanFacts {
  exists(name: string): boolean;
  /** Why the skill may be neither absorbed nor rewritten (not managed, pinned, protected, bundled, hub, external), or null when it may. */
  notAbsorbable(name: string): string | null;
}

/** The facts of a Hermes home: a skill is absorbable, or an umbrella, when the curator's one rule lets consolidation change it. */
export function planFactsOf(h: CuratorHome): PlanFacts {
  const scope = curationScope(h);
  return {
    exists: (name) => findLocalFolder(h, name) !== undefined || h.externalNames.has(name),
    notAbsorbable: (name) => scope.handsOff(name, "consolidation"),
  };
}

/** Hermes's own rule for a new skill's name (tools/skill_manager_tool.py VALID_NAME_RE), with its 64-character cap. */
const HERMES_NEW_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * Why a new umbrella's name cannot be a skill folder the agents will read, or null: Hermes's rule for a new skill's
 * name, and none the catalog's or the curator's walk skips (a `build/` or `node_modules/` umbrella would take its
 * siblings out of every catalog), nor a file's (`SKILL.md/` would be a folder named as the file).
 */
export function newUmbrellaNameProblem(name: string): string | null {
  if (!HERMES_NEW_NAME.test(name)) return `'${name}' is not a name Hermes gives a new skill (lower-case letters, digits, '.', '_', '-')`;
  if (CATALOG_WALK.neverWalked.has(name) || EXCLUDED_SKILL_DIRS.has(name)) return `'${name}' is a folder name the skill walks skip`;
  if (/\.md$/i.test(name)) return `'${name}' is a file's name, not a skill folder's`;
  return null;
}

/** Why one plan breaks a rule, or null when it keeps them all. */
function planProblem(
  plan: ConsolidationPlan,
  clusters: readonly OverlapCluster[],
  facts: PlanFacts,
  earlier: { absorbed: Set<string>; umbrellas: Set<string> },
): string | null {
  const cluster = clusters[plan.cluster - 1];
  if (!cluster) return `cluster ${plan.cluster} was not in the request`;
  const members = new Set(cluster.skills.map((s) => s.name));
  const { name: umbrella, create } = plan.umbrella;
  if (create) {
    const badName = newUmbrellaNameProblem(umbrella);
    if (badName) return `${badName}: it cannot be a new umbrella`;
    if (facts.exists(umbrella)) return `the new umbrella '${umbrella}' already exists`;
    if (!plan.umbrella.description) return `the new umbrella '${umbrella}' needs a description`;
  } else {
    if (!facts.exists(umbrella)) return `the umbrella '${umbrella}' does not exist (say create: true for a new one)`;
    if (!members.has(umbrella)) return `the umbrella '${umbrella}' is not in cluster ${plan.cluster}`;
    const refusal = facts.notAbsorbable(umbrella);
    if (refusal) return `${refusal}: it cannot be the umbrella (its SKILL.md would change)`;
  }
  const seen = new Set<string>();
  for (const { skill } of plan.absorb) {
    if (skill === umbrella) return `'${skill}' cannot absorb itself`;
    if (!facts.exists(skill)) return `'${skill}' does not exist`;
    if (!members.has(skill)) return `'${skill}' is not in cluster ${plan.cluster}`;
    if (seen.has(skill) || earlier.absorbed.has(skill)) return `'${skill}' is absorbed twice`;
    if (earlier.umbrellas.has(skill)) return `'${skill}' is the umbrella of another plan`;
    const refusal = facts.notAbsorbable(skill);
    if (refusal) return `${refusal}: it is never absorbed`;
    seen.add(skill);
  }
  if (earlier.absorbed.has(umbrella)) return `the umbrella '${umbrella}' is absorbed by another plan`;
  if (earlier.umbrellas.has(umbrella)) return `'${umbrella}' is the umbrella of two plans`;
  return null;
}

/** The judge's answer, checked: malformed or partial JSON changes nothing and says why; each plan is kept or refused. */
export function checkAnswer(raw: unknown, clusters: readonly OverlapCluster[], facts: PlanFacts): CheckedPlans {
  const parsed = ConsolidationAnswer.safeParse(raw);
  if (!parsed.success) return { plans: [], refused: [{ cluster: 0, reason: `the answer is not a plan: ${describeZodIssue(parsed.error.issues[0]).message}` }] };
  const plans: ConsolidationPlan[] = [];
  const refused: CheckedPlans["refused"] = [];
  // Plans are taken in order: a later one may not absorb an earlier one's umbrella, nor one of its skills again.
  const earlier = { absorbed: new Set<string>(), umbrellas: new Set<string>() };
  for (const plan of parsed.data.plans) {
    const problem = planProblem(plan, clusters, facts, earlier);
    if (problem) {
      refused.push({ cluster: plan.cluster, reason: problem });
      continue;
    }
    plans.push(plan);
    earlier.umbrellas.add(plan.umbrella.name);
    for (const { skill } of plan.absorb) earlier.absorbed.add(skill);
  }
  return { plans, refused };
}
