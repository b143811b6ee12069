import { descriptionFields } from "../../lib/catalog/front-matter";
import type { SkillCard } from "../../lib/catalog/types";
import { buildBodyDevSet, hashBucket, hashHalves, splitNoSkillTurns } from "../../lib/eval/body-dev-set";
import { type EvalCase, readCasesFile, readCatalogFile, readCatalogLines } from "../../lib/eval/formats";
import { readTriggerCases, triggerEvalCases, triggerHalves } from "../../lib/eval/trigger-cases";
import { FIXTURES } from "../../lib/testing/fixtures";
import { calibrationHome, calibrationRequests } from "../../lib/testing/request-home";

/** One catalog and its cases, each case split into the part a fit may see and the part kept for the figures. */
export interface DecisionSet {
  /** The group a grouped validation holds out at once. */
  group: string;
  label: string;
  catalog: SkillCard[];
  fit: EvalCase[];
  check: EvalCase[];
}

/** Skills of one repository form a home of that size (the first path segment names it). */
const repositoryOf = (path: string) => path.split("/")[0];
/** Turns of other repositories' skills asked of a repository's home, per turn of its own: the right skill is not installed. */
const ABSENT_PER_PRESENT = 1;
/** MetaTool's 199 tools dealt into this many homes (about 20 tools each). */
const METATOOL_HOMES = 10;

const tag = (cases: readonly EvalCase[], source: string): EvalCase[] => cases.map((c) => ({ ...c, source }));

/**
 * The load decision's development sets, every one real data shipped in
 * fixtures/ (sources in its README), each case on one side only:
 * - `metatool`: the 199 MetaTool tools, names and descriptions, its cases halved by a hash of the turn;
 * - `bodies` and `descriptions`: the 881 public skills with and without their bodies, the body
 *   development set's cases (each a skill's own "when to use" line, taken out of its body; dev →
 *   fit, held out → check), and turns that need no skill: MetaTool's and CLINC150's out-of-scope
 *   requests, and BFCL's real requests that no tool answered, each halved;
 * - `triggers`: skill authors' own trigger evals, halved by skill, asked among the public skills
 *   (the prompts that should load) and in a home of the trigger skills alone (near misses too,
 *   which should load none of them, or their sibling);
 * - `homes`: each repository's skills as a home of its own (10 to 300 skills, bodies in every
 *   other one), and MetaTool's tools dealt into ten homes of about 20, each asked its own
 *   skills' turns, as many turns of skills it does not have (nothing should load), and turns
 *   that need no skill;
 * - `plain`: 42 public skills as a home (fixtures/plain-calibration), asked requests written in the way people ask,
 *   mostly without the skill's words, and requests of the same style that need none; halved by skill (and the
 *   no-skill ones by turn), so the check side's skills are never fitted.
 */
export function decisionSets(): DecisionSet[] {
  const metatool = readCasesFile(FIXTURES.metatoolCases);
  const metatoolHalves = hashHalves(metatool);
  const tools = readCatalogFile(FIXTURES.metatoolCatalog);
  const body = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
  const cards: SkillCard[] = body.catalog.map((s) => ({ name: s.name, ...descriptionFields(s.description), path: s.path, body: s.body }));
  const withoutBodies = cards.map(({ body: _body, ...card }) => card);
  const none = splitNoSkillTurns(metatool);
  const oos = hashHalves(readCasesFile(FIXTURES.clincOutOfScope));
  const bfcl = hashHalves(readCasesFile(FIXTURES.bfclIrrelevance));
  const noSkill = {
    fit: [...tag(none.fit, "metatool-none"), ...tag(oos.fit, "clinc-oos"), ...tag(bfcl.fit, "bfcl-irrelevance")],
    check: [...tag(none.check, "metatool-none"), ...tag(oos.check, "clinc-oos"), ...tag(bfcl.check, "bfcl-irrelevance")],
  };
  const sets: DecisionSet[] = [
    { group: "metatool", label: "metatool", catalog: tools, ...metatoolHalves },
    { group: "bodies", label: "bodies", catalog: cards, fit: [...body.dev, ...noSkill.fit], check: [...body.heldOut, ...noSkill.check] },
    { group: "descriptions", label: "descriptions", catalog: withoutBodies, fit: [...body.dev, ...noSkill.fit], check: [...body.heldOut, ...noSkill.check] },
  ];
  const triggerSkills = readCatalogFile(FIXTURES.triggerSkills);
  const triggers = readTriggerCases(FIXTURES.triggerCases);
  const triggerSides = triggerHalves(triggers);
  const triggerSide = (side: "fit" | "check", nearMisses: boolean) => triggerEvalCases(triggerSides[side], triggers, { nearMisses });
  sets.push(
    {
      group: "triggers",
      label: "triggers:public",
      catalog: [...cards, ...triggerSkills],
      fit: [...triggerSide("fit", false), ...noSkill.fit],
      check: [...triggerSide("check", false), ...noSkill.check],
    },
    {
      group: "triggers",
      label: "triggers:home",
      catalog: triggerSkills,
      fit: [...triggerSide("fit", true), ...noSkill.fit],
      check: [...triggerSide("check", true), ...noSkill.check],
    },
  );
  // Homes: each repository's skills (bodies in every other one), and MetaTool's tools dealt into homes of about 20.
  const homeSide = (cases: readonly EvalCase[], isOwn: (c: EvalCase) => boolean, negatives: readonly EvalCase[]) => {
    const present = cases.filter(isOwn);
    const absent = cases
      .filter((c) => c.expected.length > 0 && !isOwn(c))
      .sort((a, b) => hashBucket(a.turn) - hashBucket(b.turn))
      .slice(0, present.length * ABSENT_PER_PRESENT);
    return [...present, ...absent.map((c) => ({ ...c, expected: [], source: "absent-skill" })), ...negatives];
  };
  const repositories = [...new Set(cards.map((c) => repositoryOf(c.path)))];
  repositories.forEach((repository, k) => {
    const own = (c: EvalCase) => c.expected.some((p) => repositoryOf(p) === repository);
    const home = (k % 2 === 0 ? cards : withoutBodies).filter((c) => repositoryOf(c.path) === repository);
    sets.push({
      group: "homes",
      label: `home:${repository}`,
      catalog: home,
      fit: homeSide(body.dev, own, noSkill.fit),
      check: homeSide(body.heldOut, own, noSkill.check),
    });
  });
  for (let h = 0; h < METATOOL_HOMES; h++) {
    const home = tools.filter((t) => hashBucket(t.path) % METATOOL_HOMES === h);
    const inHome = new Set(home.map((t) => t.path));
    const own = (c: EvalCase) => c.expected.length > 0 && c.expected.every((p) => inHome.has(p));
    const withTools = (cases: readonly EvalCase[]) => cases.filter((c) => c.expected.length > 0);
    sets.push({
      group: "homes",
      label: `home:metatool-${h}`,
      catalog: home,
      fit: homeSide(withTools(metatoolHalves.fit), own, none.fit),
      check: homeSide(withTools(metatoolHalves.check), own, none.check),
    });
  }
  const calibration = calibrationHome();
  const pathOf = new Map(calibration.map((s) => [s.name, s.path]));
  const plainCases: EvalCase[] = calibrationRequests().map((r) => ({
    turn: r.turn,
    expected: r.skill ? [pathOf.get(r.skill) ?? `missing:${r.skill}`] : [],
    source: r.skill ? "plain" : "plain-none",
  }));
  const bySkill = (c: EvalCase) => hashBucket(c.expected[0] ?? c.turn) % 2 === 0;
  sets.push({ group: "plain", label: "plain", catalog: calibration, fit: plainCases.filter(bySkill), check: plainCases.filter((c) => !bySkill(c)) });
  return sets;
}
