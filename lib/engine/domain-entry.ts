import type { SkillCard } from "../catalog/types";
import type { EntrySkills } from "../rules/config";
import { containsPhrase, domainTerms } from "../rules/domain-words";
import { terms } from "../text/analyze";
import { analyseTurn, type TurnAnalysis } from "../text/turn-analysis";
import type { SuggestionVia } from "../vocab/suggestion-via";
import { type Candidate, checkCandidate, type FinalistChecks } from "./candidates";
import type { SkillSuggestion } from "./reply";

/** What the domain-entry step reads of the session, besides the rules file's `entry_skills`. */
export interface EntryInput {
  entries: EntrySkills;
  /** Skills loaded in this session (the request's `loaded` and reported loads). */
  sessionLoaded: { has(name: string): boolean };
  /** Skills suggested earlier in this session, by any path: this step hints each at most once per session. */
  sessionShown: { has(name: string): boolean };
  /** Fills `sessionShown`, awaited only when a turn belongs to a domain (most turns never need it). */
  loadSession?: () => Promise<void>;
}

export interface EntryHint {
  via: SuggestionVia;
  suggestion: SkillSuggestion;
  candidate: Candidate;
}

type CompiledEntries = { skill: string; phrases: string[][] }[];
// copy-local: a pure memo keyed by the rules object.
const compiled = new WeakMap<EntrySkills, CompiledEntries>();

/** Domain words as term phrases, once per parsed rules file (the service re-parses only when the file changes). */
function compile(entries: EntrySkills): CompiledEntries {
  let c = compiled.get(entries);
  if (!c) {
    c = Object.entries(entries).map(([skill, words]) => ({ skill, phrases: words.map(domainTerms) }));
    compiled.set(entries, c);
  }
  return c;
}

/** The entry skills whose domain the turn belongs to, in the rules file's order. */
export function domainsOf(turn: string | TurnAnalysis, entries: EntrySkills): string[] {
  const list = compile(entries);
  if (list.length === 0) return [];
  const turnTerms = analyseTurn(turn).terms;
  return list.filter((e) => e.phrases.some((p) => containsPhrase(turnTerms, p))).map((e) => e.skill);
}

/**
 * The domain-entry step, before the judge, for a turn of `domains` (`domainsOf`): the domain's entry skill is hinted
 * once per session; once loaded, the skills its front matter lists as related come next, one per domain turn, most
 * shared words first. Every hint passes a judged suggestion's checks (verification, the loader's list, rules 1 and 2).
 * Null means the judge decides as usual.
 */
export function entryHint(
  turn: string | TurnAnalysis,
  domains: readonly string[],
  catalog: readonly SkillCard[],
  input: EntryInput,
  checks: FinalistChecks,
): EntryHint | null {
  if (domains.length === 0) return null;
  const byName = firstByName(catalog);
  const loadable = checks.loadable ? new Set(checks.loadable) : null;
  const hint = (card: SkillCard, via: SuggestionVia): EntryHint | null => {
    const check = checkCandidate(card, checks, loadable);
    if (!check.ok) return null;
    const suggestion = { name: check.name, path: card.path, match: 1 };
    return { via, suggestion, candidate: { name: check.name, path: card.path, score: 1, match: 1, verdict: "suggested" } };
  };
  for (const skill of domains) {
    const entry = byName.get(skill);
    if (!entry) continue;
    if (!input.sessionLoaded.has(skill)) {
      const found = input.sessionShown.has(skill) ? null : hint(entry, "entry_skill");
      if (found) return found;
      continue;
    }
    for (const name of byOverlap(analyseTurn(turn), entry.related ?? [], byName)) {
      const card = byName.get(name);
      if (!card || input.sessionShown.has(name)) continue;
      const found = hint(card, "related_skill");
      if (found) return found;
    }
  }
  return null;
}

/** Every name the domain-entry step may ask the rules about for a turn of these domains: their entry skills and their related skills. */
export function entryCandidateNames(domains: readonly string[], catalog: readonly SkillCard[]): string[] {
  if (domains.length === 0) return [];
  const byName = firstByName(catalog);
  return [...new Set(domains.flatMap((d) => [d, ...(byName.get(d)?.related ?? [])]))];
}

/** The first skill of each name, in search order: the one the loader opens. */
function firstByName(catalog: readonly SkillCard[]): Map<string, SkillCard> {
  const byName = new Map<string, SkillCard>();
  for (const card of catalog) if (!byName.has(card.name)) byName.set(card.name, card);
  return byName;
}

/** Related names, those whose name and description share most terms with the turn first; ties keep the front matter's order. */
function byOverlap(turn: TurnAnalysis, related: readonly string[], byName: ReadonlyMap<string, SkillCard>): string[] {
  const turnTerms = new Set(turn.terms);
  const overlap = (name: string) => {
    const card = byName.get(name);
    if (!card) return 0;
    let shared = 0;
    for (const t of new Set(terms(`${card.name} ${card.description}`))) if (turnTerms.has(t)) shared++;
    return shared;
  };
  const scored = related.map((name, order) => ({ name, order, overlap: overlap(name) }));
  scored.sort((a, b) => b.overlap - a.overlap || a.order - b.order);
  return scored.map((s) => s.name);
}
