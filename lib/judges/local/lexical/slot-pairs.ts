/**
 * Postings kept as pairs in one small-integer array: a slot, then a value for
 * it. Taking a slot out moves the last pair into its place: a skill's score
 * adds one term per posting list, so the order within a list does not matter.
 */
export function removeSlotPair(entries: number[], slot: number): void {
  for (let i = 0; i < entries.length; i += 2) {
    if (entries[i] !== slot) continue;
    entries[i] = entries[entries.length - 2];
    entries[i + 1] = entries[entries.length - 1];
    entries.length -= 2;
    return;
  }
}
