import type { Steps } from "../../../base/steps";
import type { SkillCard } from "../../../catalog/types";
import { LOCAL_JUDGE } from "../settings";
import { fieldTermsOf, hasFieldTerms } from "./bm25f";
import { cardGramsOf, hasCardGrams } from "./char-ngrams";

/** Whether a card's terms and n-grams are tokenized (cached per card). */
export function isTokenized(card: SkillCard): boolean {
  return hasFieldTerms(card) && hasCardGrams(card);
}

/** Tokenize the cards not yet tokenized, pausing every LOCAL_JUDGE.index.sliceChars of text. */
export function* tokenizeCards(skills: readonly SkillCard[]): Steps<void> {
  let chars = 0;
  for (let i = 0; i < skills.length; i++) {
    fieldTermsOf(skills[i]);
    cardGramsOf(skills[i]);
    chars += (skills[i].body?.length ?? 0) + skills[i].description.length;
    if (chars >= LOCAL_JUDGE.index.sliceChars) {
      chars = 0;
      yield i / skills.length;
    }
  }
}
