/** A suggestion a load could be attributed to. */
export interface AttributableSuggestion {
  at: number;
  /** Already credited with a load: it cannot take another. */
  loaded: boolean;
}

/**
 * Which suggestion a load is credited to (selection spec §7, "loaded within 5 minutes"): the latest one not yet
 * loaded, of the same session and skill, shown at most `attributionMs` before the load (both ends inclusive; a
 * suggestion after the load never counts). `candidates` are that session's suggestions of that skill, in any order.
 * Pure, so the live feedback path and the replay credit loads alike. Returns the chosen candidate, or null.
 */
export function attributeLoad<T extends AttributableSuggestion>(candidates: Iterable<T>, loadAt: number, attributionMs: number): T | null {
  let best: T | null = null;
  for (const c of candidates) {
    if (c.loaded || c.at > loadAt || c.at < loadAt - attributionMs) continue;
    if (!best || c.at > best.at) best = c;
  }
  return best;
}
