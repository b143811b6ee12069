import { terms } from "../text/analyze";

/**
 * Domain words as the turn is matched against them: the same terms the local
 * judge ranks by (content words, stemmed), so "Blender" matches "blender's"
 * and "geometry nodes" matches "geometry node". A phrase matches when its
 * terms appear one after another in the turn's.
 */
export function domainTerms(word: string): string[] {
  return terms(word);
}

/** Whether the turn's terms contain the phrase's terms in a row. */
export function containsPhrase(turnTerms: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= turnTerms.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (turnTerms[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}
