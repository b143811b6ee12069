import path from "node:path";
import { engineCountsSince, rankedSkillRefs } from "../../../db/queries/skill-activity";
import { DAY_MS } from "../../base/time";
import { descriptionProblem } from "../../catalog/description-health";
import { readSkillCard } from "../../catalog/discover";
import type { DescriptionProblem } from "../../vocab/description-problems";
import { defaultCatalog } from "../catalog/source";
import type { ServiceCtx } from "../context";
import { type HermesColumns, hermesSkills, SPARK_DAYS } from "./internal/hermes-columns";
import { filterSkills, type SkillsFilter, sortSkills } from "./internal/list-filter";
import type { HermesFields, SkillListRow } from "./internal/list-row";

export type { SkillListRow };

import { skillSourceOf } from "./internal/source-of";

export interface SkillsListing {
  skills: SkillListRow[];
  /** The Hermes home whose columns the rows carry; null when there is none. */
  hermesHome: string | null;
  /** SKILL.md entries the Hermes walk skipped because they are not regular files (the page lists them). */
  skipped: { path: string; problem: string }[];
}

const NO_HERMES: HermesFields = {
  location: null,
  provenance: null,
  managed: false,
  state: null,
  pinned: false,
  disabled: false,
  use_count: 0,
  view_count: 0,
  patch_count: 0,
  activity_count: 0,
  last_activity_at: null,
  uses: null,
  views: null,
};

/**
 * Every skill jev ranks, one row per name: the Hermes home's (with its telemetry and curator columns, archived ones
 * included), the default roots' (`~/.claude/skills`, `~/.codex/skills`, `~/.agents/skills`, `./skills`), and any other
 * SKILL.md ranked in the last SPARK_DAYS days (roots a client sent), each with the engine's activity and its
 * description's health. Works with no Hermes home.
 */
export async function listSkills(ctx: ServiceCtx, filter: SkillsFilter = {}): Promise<SkillsListing> {
  const now = ctx.clock();
  const fromDay = Math.floor(now / DAY_MS) - SPARK_DAYS + 1;
  const [hermes, catalog, engine, refs] = await Promise.all([
    hermesSkills(ctx, fromDay),
    defaultCatalog(ctx.config, { includeDisabled: true }).then((c) => c.cards),
    engineCountsSince(ctx.db, fromDay),
    rankedSkillRefs(ctx.db, fromDay * DAY_MS),
  ]);
  const hermesRoots = hermes?.roots ?? [];
  const healthByFolder = new Map<string, DescriptionProblem | null>();
  for (const card of catalog) healthByFolder.set(path.dirname(card.path), descriptionProblem(card));
  const lastRanked = new Map<string, number>();
  for (const r of refs) lastRanked.set(r.name, Math.max(lastRanked.get(r.name) ?? 0, r.lastRankedHour));

  const rows: SkillListRow[] = [];
  const byName = new Map<string, { row: SkillListRow; files: Set<string> }>();
  const add = (name: string, file: string, folder: string, columns: HermesColumns | null, health: DescriptionProblem | null) => {
    const activity = engine.get(name);
    const row: SkillListRow = {
      name,
      path: file,
      folder,
      source: columns ? "hermes" : skillSourceOf(file, hermesRoots),
      copies: 0,
      ...(columns ?? NO_HERMES),
      suggested: activity?.suggested ?? 0,
      loaded: activity?.loaded ?? 0,
      suppressed: activity?.suppressed ?? 0,
      last_suggested_at: activity?.lastSuggestedAt ?? null,
      last_ranked_at: lastRanked.get(name) ?? null,
      health,
    };
    rows.push(row);
    if (columns?.location !== "archived") byName.set(name, { row, files: new Set([path.resolve(file)]) });
  };
  /** Another SKILL.md of a listed name: counted as a copy. True when the name was already listed. */
  const known = (name: string, file: string): boolean => {
    const seen = byName.get(name);
    if (!seen) return false;
    const resolved = path.resolve(file);
    if (!seen.files.has(resolved)) {
      seen.files.add(resolved);
      seen.row.copies++;
    }
    return true;
  };

  for (const s of hermes?.skills ?? []) add(s.name, s.file, s.folder, s.hermes, healthByFolder.get(path.dirname(s.file)) ?? null);
  for (const card of catalog) {
    if (!known(card.name, card.path)) add(card.name, card.path, path.dirname(card.path), null, descriptionProblem(card));
  }
  for (const ref of refs) {
    if (known(ref.name, ref.path)) continue;
    const card = readSkillCard(ref.path); // ranked once, from a root sent by a client: listed while it is still there
    if (card) add(ref.name, ref.path, path.dirname(ref.path), null, descriptionProblem(card));
  }
  return { skills: sortSkills(filterSkills(rows, filter), filter.sort ?? "name"), hermesHome: hermes?.home ?? null, skipped: hermes?.skipped ?? [] };
}
