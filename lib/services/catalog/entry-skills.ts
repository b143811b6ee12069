import { entryHintCounts } from "../../../db/queries/entry-hints";
import { DAY_MS } from "../../base/time";
import type { SkillCard } from "../../catalog/types";
import type { ServiceCtx } from "../context";
import { rulesFileSetting } from "../rules/rule-settings";
import { defaultCatalog } from "./source";

/** Hints of one skill over the window, and how many were loaded. */
interface HintFigures {
  hints: number;
  loads: number;
}

export interface RelatedSkillView extends HintFigures {
  name: string;
  /** Its SKILL.md in the default catalog, or null when no skill there has that name. */
  path: string | null;
}

export interface EntrySkillView extends HintFigures {
  skill: string;
  words: string[];
  path: string | null;
  related: RelatedSkillView[];
}

export interface EntrySkillsOverview {
  rulesFile: string;
  /** Why the rules file is not used (its entry skills are then none). */
  problem?: string;
  /** The default catalog could not be read in full: where each skill lives is unknown. */
  catalogUnread: boolean;
  days: number;
  entries: EntrySkillView[];
}

const WINDOW_DAYS = 7;

/** The configured domain entry skills as the Skills page shows them: found or not, their related skills, and their hints over a week. */
export async function entrySkillsOverview(ctx: ServiceCtx): Promise<EntrySkillsOverview> {
  const { config, db } = ctx;
  const now = ctx.clock();
  const setting = rulesFileSetting(config);
  const configured = Object.entries(setting.rules.entry_skills);
  const base = { rulesFile: setting.file, problem: setting.problem, days: WINDOW_DAYS };
  if (configured.length === 0) return { ...base, catalogUnread: false, entries: [] };
  const { cards, unread } = await defaultCatalog(config);
  const byName = new Map<string, SkillCard>();
  for (const c of cards) if (!byName.has(c.name)) byName.set(c.name, c);
  const counts = new Map((await entryHintCounts(db, now - WINDOW_DAYS * DAY_MS)).map((c) => [`${c.via}:${c.skill}`, c]));
  const figures = (via: string, skill: string): HintFigures => {
    const c = counts.get(`${via}:${skill}`);
    return { hints: c?.hints ?? 0, loads: c?.loads ?? 0 };
  };
  const entries = configured.map(([skill, words]) => {
    const card = byName.get(skill);
    const related = (card?.related ?? []).map((name) => ({ name, path: byName.get(name)?.path ?? null, ...figures("related_skill", name) }));
    return { skill, words, path: card?.path ?? null, related, ...figures("entry_skill", skill) };
  });
  return { ...base, catalogUnread: unread, entries };
}
