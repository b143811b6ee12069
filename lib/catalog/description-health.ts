import { processWide } from "../base/process-state";
import { DESCRIPTION_PROBLEMS, type DescriptionProblem } from "../vocab/description-problems";
import { DESCRIPTION_CHARS, type SkillCard } from "./types";

/** Fewer content-bearing words than this reads like a title, not a description. */
const MIN_WORDS = 6;
/** A description under this many words over a body of at least BODY_WORDS says little of what the body says. */
const THIN_WORDS = 10;
const BODY_WORDS = 300;

const countWords = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** Counted once per card (a card is one version of a SKILL.md; bodies are long). */
const bodyWords = processWide("jev.cardBodyWords", () => new WeakMap<SkillCard, number>());

function bodyWordsOf(card: SkillCard): number {
  let n = bodyWords.get(card);
  if (n === undefined) {
    n = card.body ? countWords(card.body) : 0;
    bodyWords.set(card, n);
  }
  return n;
}

export function descriptionProblem(card: SkillCard): DescriptionProblem | null {
  const words = countWords(card.description);
  if (words === 0) return "missing";
  if (words < MIN_WORDS) return "too_short";
  if ((card.descriptionChars ?? 0) > DESCRIPTION_CHARS) return "cut_off";
  if (words < THIN_WORDS && bodyWordsOf(card) >= BODY_WORDS) return "thin_for_body";
  return null;
}

/** Skills whose descriptions need work, grouped by problem. */
export function descriptionReport(skills: readonly SkillCard[]): Record<DescriptionProblem, SkillCard[]> {
  const report = Object.fromEntries(DESCRIPTION_PROBLEMS.map((p) => [p, [] as SkillCard[]])) as Record<DescriptionProblem, SkillCard[]>;
  for (const s of skills) {
    const problem = descriptionProblem(s);
    if (problem) report[problem].push(s);
  }
  return report;
}
