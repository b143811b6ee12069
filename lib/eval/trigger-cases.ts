import fs from "node:fs";
import { z } from "zod";
import { hashBucket } from "./body-dev-set";
import type { EvalCase } from "./formats";

/** One prompt of a skill author's own trigger eval: should this turn load that skill? */
export const TriggerLine = z.object({
  turn: z.string(),
  skill: z.string().min(1),
  should_trigger: z.boolean(),
  source: z.string().optional(),
});
export type TriggerCase = z.infer<typeof TriggerLine>;

export function readTriggerCases(file: string): TriggerCase[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => TriggerLine.parse(JSON.parse(line)));
}

/**
 * The trigger cases halved by skill (a hash of its path): a fit sees some
 * skills' prompts, the figures come from the other skills', so what is
 * checked is a skill nothing was fitted on.
 */
export function triggerHalves(cases: readonly TriggerCase[]): { fit: TriggerCase[]; check: TriggerCase[] } {
  const fitSide = (c: TriggerCase) => hashBucket(c.skill) < 50;
  return { fit: cases.filter(fitSide), check: cases.filter((c) => !fitSide(c)) };
}

/**
 * As `jev eval` cases: a should-trigger prompt expects its skill; a near miss
 * expects whichever trigger skills list it as theirs (often none: two skills
 * of one author are each other's near misses).
 */
export function triggerEvalCases(cases: readonly TriggerCase[], all: readonly TriggerCase[], { nearMisses }: { nearMisses: boolean }): EvalCase[] {
  const owners = new Map<string, string[]>();
  for (const c of all) if (c.should_trigger) owners.set(c.turn, [...(owners.get(c.turn) ?? []), c.skill]);
  return cases
    .filter((c) => c.should_trigger || nearMisses)
    .map((c) => ({
      turn: c.turn,
      expected: c.should_trigger ? [c.skill] : (owners.get(c.turn) ?? []),
      source: c.should_trigger ? "trigger-eval" : "trigger-near-miss",
    }));
}
