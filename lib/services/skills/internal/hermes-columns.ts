import path from "node:path";
import { usageDaysSince } from "../../../../db/queries/usage-events";
import { archivedSkills } from "../../../curator/archive";
import { disabledNames } from "../../../curator/candidates";
import { managedSet } from "../../../curator/curation-scope";
import { loadCuratorHome } from "../../../curator/curator-home";
import { provenanceOf, reportRow } from "../../../curator/provenance";
import type { LifecycleState, Provenance } from "../../../vocab/curator";
import type { SkillLocation } from "../../../vocab/skill-sources";
import type { ServiceCtx } from "../../context";
import { homeOptionsOf, presentHome } from "../../curator/home";

/** Days of activity a row's sparkline shows. */
export const SPARK_DAYS = 30;

/** What a Hermes home knows of one of its skills: where it lives in the home, who owns it, its lifecycle and telemetry. */
export interface HermesColumns {
  location: SkillLocation;
  provenance: Provenance;
  /** Under the curator's automatic transitions (declared by its record, or bundled with prune_builtins). */
  managed: boolean;
  state: LifecycleState;
  pinned: boolean;
  /** In `skills.disabled` (or the platform's list): Hermes hides it and jev never suggests it; listed so a curator sees it. */
  disabled: boolean;
  use_count: number;
  view_count: number;
  patch_count: number;
  activity_count: number;
  last_activity_at: string | null;
  /** Uses (the hard signal) and views (the soft one) per day, oldest first, SPARK_DAYS long. */
  uses: number[];
  views: number[];
}

export interface HermesSkill {
  name: string;
  /** Its SKILL.md. */
  file: string;
  /** The folder, relative to its root (`skills/`, an external root, or `skills/.archive`). */
  folder: string;
  hermes: HermesColumns;
}

export interface HermesSkills {
  home: string;
  /** The home's skill roots (`skills/` and the external ones): a SKILL.md under them is Hermes's. */
  roots: string[];
  skills: HermesSkill[];
  /** SKILL.md entries the walk skipped because they are not regular files. */
  skipped: { path: string; problem: string }[];
}

/**
 * Every skill of the Hermes home with its Hermes columns: local, external
 * (read-only) and archived; the first copy of a name wins, local before
 * external. Null when there is no Hermes home. Reads only: what Hermes counted
 * reaches the history through the scheduler's refresh.
 */
export async function hermesSkills(ctx: ServiceCtx, fromDay: number): Promise<HermesSkills | null> {
  const home = presentHome(ctx.config);
  if (home === null) return null;
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config), "kept");
  const now = ctx.clock();
  const managed = new Set(managedSet(h));
  const disabled = disabledNames(h);
  const spark = new Map<string, { uses: number[]; views: number[] }>();
  for (const d of await usageDaysSince(ctx.db, home, fromDay)) {
    let s = spark.get(d.skill);
    if (!s) {
      s = { uses: new Array(SPARK_DAYS).fill(0), views: new Array(SPARK_DAYS).fill(0) };
      spark.set(d.skill, s);
    }
    s.uses[d.day - fromDay] += d.uses;
    s.views[d.day - fromDay] += d.views;
  }
  const skills: HermesSkill[] = [];
  const seen = new Set<string>();
  const add = (name: string, folder: string, rel: string, location: SkillLocation) => {
    if (location !== "archived" && seen.has(name)) return;
    seen.add(name);
    const r = reportRow(h, name, now);
    const s = spark.get(name);
    skills.push({
      name,
      file: path.join(folder, "SKILL.md"),
      folder: rel,
      hermes: {
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
      },
    });
  };
  for (const s of h.local) add(s.name, s.folder, s.rel, "local");
  for (const s of h.external) add(s.name, s.folder, s.rel, "external");
  for (const s of archivedSkills(h.skillsDir)) add(s.name, s.folder, s.rel, "archived");
  return { home, roots: [h.skillsDir, ...h.externalRoots], skills, skipped: h.skipped };
}
