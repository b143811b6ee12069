import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { engineCountsSince, usageDaysSince } from "../../db/queries/usage-events";
import { type DescriptionProblem, descriptionProblem } from "../catalog/description-health";
import { discover } from "../catalog/discover";
import type { JevConfig } from "../config";
import { archivedSkills } from "../curator/archive";
import { disabledNames } from "../curator/candidates";
import { loadCuratorHome } from "../curator/curator-home";
import { managedSet, provenanceOf, reportRow } from "../curator/provenance";
import { parsePyTime } from "../hermes/py-time";
import { compareCodePoints } from "../hermes/python-json";
import type { LifecycleState } from "../hermes/usage-record";
import { DAY_MS } from "../time";
import type { Provenance } from "../vocab/curator";
import { requireHome } from "./curator/home";

/** Days of activity a row's sparkline shows. */
export const SPARK_DAYS = 30;
export const SKILL_LOCATIONS = ["local", "external", "archived"] as const;
export type SkillLocation = (typeof SKILL_LOCATIONS)[number];
export const SKILL_SORTS = ["name", "activity", "last_activity", "suggested"] as const;
export type SkillSort = (typeof SKILL_SORTS)[number];

export interface SkillListRow {
  name: string;
  /** The folder, relative to its root (`skills/`, an external root, or `skills/.archive`). */
  folder: string;
  location: SkillLocation;
  provenance: Provenance;
  /** Under the curator's automatic transitions (declared by its record, or bundled with prune_builtins). */
  managed: boolean;
  state: LifecycleState;
  pinned: boolean;
  /** In `skills.disabled` (or the platform's list): Hermes hides it and jev never suggests it; listed here so a curator sees it. */
  disabled: boolean;
  use_count: number;
  view_count: number;
  patch_count: number;
  activity_count: number;
  last_activity_at: string | null;
  /** Uses (the hard signal) and views (the soft one) per day, oldest first, SPARK_DAYS long. */
  uses: number[];
  views: number[];
  /** The engine's side over the same days: suggestions shown to clients that report loads, and loads. */
  suggested: number;
  loaded: number;
  /** Times rule 2 removed it from a decision over the same days. */
  suppressed: number;
  health: DescriptionProblem | null;
}

export interface SkillsFilter {
  provenance?: Provenance;
  state?: LifecycleState;
  location?: SkillLocation;
  q?: string;
  sort?: SkillSort;
}

/**
 * Every skill of the Hermes home, one row each (the Skills page and `GET
 * /api/skills`): local, external (read-only) and archived, with provenance,
 * lifecycle and pin, Hermes's counters, 30 days of uses and views from jev's
 * history (after a scan of what Hermes counted since the last one), the
 * engine's suggestions, loads and suppressions, and the description's health.
 */
export async function skillsService(db: Db, config: JevConfig, filter: SkillsFilter = {}, now = Date.now()): Promise<SkillListRow[]> {
  return (await skillsListing(db, config, filter, now)).skills;
}

/** The same rows, and the SKILL.md entries the walk skipped because they are not regular files (the page lists them). */
export async function skillsListing(
  db: Db,
  config: JevConfig,
  filter: SkillsFilter = {},
  now = Date.now(),
): Promise<{ skills: SkillListRow[]; skipped: { path: string; problem: string }[] }> {
  const home = requireHome(config);
  const h = await loadCuratorHome(home, { protectedNames: config.protectedSkills });
  const managed = new Set(managedSet(h));
  const disabled = disabledNames(h);

  const fromDay = Math.floor(now / DAY_MS) - SPARK_DAYS + 1;
  const spark = new Map<string, { uses: number[]; views: number[] }>();
  for (const d of await usageDaysSince(db, home, fromDay)) {
    let s = spark.get(d.skill);
    if (!s) {
      s = { uses: new Array(SPARK_DAYS).fill(0), views: new Array(SPARK_DAYS).fill(0) };
      spark.set(d.skill, s);
    }
    s.uses[d.day - fromDay] += d.uses;
    s.views[d.day - fromDay] += d.views;
  }
  const engine = await engineCountsSince(db, fromDay);
  const health = await healthByFolder([h.skillsDir, ...h.externalRoots]);

  const rows: SkillListRow[] = [];
  const seen = new Set<string>();
  const add = (name: string, folder: string, rel: string, location: SkillLocation) => {
    if (location !== "archived" && seen.has(name)) return; // the first occurrence wins: local beats external
    seen.add(name);
    const r = reportRow(h, name, now);
    const s = spark.get(name);
    rows.push({
      name,
      folder: rel,
      location,
      provenance: provenanceOf(h, name),
      managed: location === "local" && managed.has(name),
      state: location === "archived" ? "archived" : r.state,
      pinned: r.pinned === true,
      disabled: disabled.has(name),
      use_count: Number(r.use_count) || 0,
      view_count: Number(r.view_count) || 0,
      patch_count: Number(r.patch_count) || 0,
      activity_count: r.activity_count,
      last_activity_at: r.last_activity_at,
      uses: s?.uses ?? new Array(SPARK_DAYS).fill(0),
      views: s?.views ?? new Array(SPARK_DAYS).fill(0),
      suggested: engine.get(name)?.suggested ?? 0,
      loaded: engine.get(name)?.loaded ?? 0,
      suppressed: engine.get(name)?.suppressed ?? 0,
      health: health.get(folder) ?? null,
    });
  };
  for (const s of h.local) add(s.name, s.folder, s.rel, "local");
  for (const s of h.external) add(s.name, s.folder, s.rel, "external");
  for (const s of archivedSkills(h.skillsDir)) add(s.name, s.folder, s.rel, "archived");
  return { skills: sortRows(filterRows(rows, filter), filter.sort ?? "name"), skipped: h.skipped };
}

/** Description problems by skill folder, from the engine's own catalog of these roots. */
async function healthByFolder(roots: string[]): Promise<Map<string, DescriptionProblem | null>> {
  const out = new Map<string, DescriptionProblem | null>();
  try {
    const { skills } = await discover(roots.filter((r) => fs.existsSync(/*turbopackIgnore: true*/ r)));
    // Keyed by folder as found from the same root strings: no realpath per skill.
    for (const card of skills) out.set(path.dirname(card.path), descriptionProblem(card));
  } catch {
    // Over the walk budget: no health flags rather than no page.
  }
  return out;
}

function filterRows(rows: SkillListRow[], f: SkillsFilter): SkillListRow[] {
  const q = f.q?.toLowerCase();
  return rows.filter(
    (r) =>
      (!f.provenance || r.provenance === f.provenance) &&
      (!f.state || r.state === f.state) &&
      (!f.location || r.location === f.location) &&
      (!q || r.name.toLowerCase().includes(q)),
  );
}

function sortRows(rows: SkillListRow[], sort: SkillSort): SkillListRow[] {
  const byName = (a: SkillListRow, b: SkillListRow) => compareCodePoints(a.name, b.name);
  const compare: Record<SkillSort, (a: SkillListRow, b: SkillListRow) => number> = {
    name: byName,
    activity: (a, b) => b.activity_count - a.activity_count || byName(a, b),
    last_activity: (a, b) => (parsePyTime(b.last_activity_at) ?? -1) - (parsePyTime(a.last_activity_at) ?? -1) || byName(a, b),
    suggested: (a, b) => b.suggested - a.suggested || byName(a, b),
  };
  return rows.sort(compare[sort]);
}
