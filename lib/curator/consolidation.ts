import { parse } from "yaml";

/**
 * The consolidation extension point (curator spec §8.5): an optional LLM pass
 * that merges narrow skills into umbrellas. jev does not ship the pass; a
 * `Consolidator` given to the run is called with the prompt and must answer
 * with text ending in the structured YAML summary, which this parses.
 */
export interface Consolidator {
  consolidate(prompt: string, options: { dryRun: boolean }): Promise<string>;
}

export interface ConsolidationSummary {
  consolidations: { from: string; into: string; reason: string }[];
  prunings: { name: string; reason: string }[];
}

export const DRY_RUN_BANNER = "DRY RUN: describe what you would consolidate or prune, but change nothing.";

/** The prompt: our instructions, a blank line, the candidate list; a dry run starts with the banner. */
export function consolidationPrompt(instructions: string, candidates: string, dryRun: boolean): string {
  return `${dryRun ? `${DRY_RUN_BANNER}\n\n` : ""}${instructions}\n\n${candidates}`;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The first ```yaml / ```yml fence (any case) up to the next closing fence, safe-loaded; anything malformed gives two empty lists. */
export function parseStructuredSummary(output: string): ConsolidationSummary {
  const empty: ConsolidationSummary = { consolidations: [], prunings: [] };
  const fence = /^[ \t]*```[ \t]*(yaml|yml)[ \t]*\r?\n([\s\S]*?)^[ \t]*```/im.exec(output);
  if (!fence) return empty;
  let doc: unknown;
  try {
    doc = parse(fence[2]);
  } catch {
    return empty;
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return empty;
  const { consolidations, prunings } = doc as Record<string, unknown>;
  const mappings = (list: unknown) =>
    Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => !!e && typeof e === "object" && !Array.isArray(e)) : [];
  return {
    consolidations: mappings(consolidations)
      .map((e) => ({ from: text(e.from), into: text(e.into), reason: text(e.reason) }))
      .filter((e) => e.from && e.into),
    prunings: mappings(prunings)
      .map((e) => ({ name: text(e.name), reason: text(e.reason) }))
      .filter((e) => e.name),
  };
}
