import type { RulesConfig } from "../rules/config";
import type { BadLines } from "./read-log";

export interface Tally {
  suggestions: number;
  loaded: number;
  load_rate: number;
}

export interface SkillRow {
  skill: string;
  recorded: number;
  recorded_loaded: number;
  replayed: number;
  replayed_loaded: number;
  duplicates: number;
  rejected: number;
  loads_lost: number;
}

export interface DayRow {
  day: string;
  recorded: number;
  recorded_loaded: number;
  replayed: number;
  replayed_loaded: number;
}

/**
 * A replay's before/after report: the `--json` keys of interfaces.md
 * (`recorded`, `replayed`, `removed`), plus the events read, bad lines,
 * the rules replayed, per-skill rows (those that lost something first) and
 * a per-day series.
 */
export interface ReplayReport {
  events: number;
  bad_lines: BadLines;
  rules: RulesConfig;
  recorded: Tally;
  replayed: Tally;
  removed: { duplicates: number; rejected: number; loads_lost: number };
  skills: SkillRow[];
  days: DayRow[];
}

export function tally(suggestions: number, loaded: number): Tally {
  return { suggestions, loaded, load_rate: suggestions ? Math.round((loaded / suggestions) * 10_000) / 10_000 : 0 };
}
