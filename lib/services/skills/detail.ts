import fs from "node:fs";
import path from "node:path";
import { engineDaysOf, rankedSkillRefs } from "../../../db/queries/skill-activity";
import { skillUsageEvents, usageDaysSince } from "../../../db/queries/usage-events";
import { JevError } from "../../base/errors";
import { DAY_MS, utcDay } from "../../base/time";
import { archivedSkills } from "../../curator/archive";
import { managedSet } from "../../curator/curation-scope";
import { type CuratorHome, loadCuratorHome } from "../../curator/curator-home";
import { type CuratedRow, findLocalFolder, isCurationEligible, provenanceOf, reportRow } from "../../curator/provenance";
import type { Provenance } from "../../vocab/curator";
import type { SkillLocation, SkillSource } from "../../vocab/skill-sources";
import { defaultCatalog } from "../catalog/source";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, presentHome } from "../curator/home";
import { skillSourceOf } from "./internal/source-of";

/** Days of history the skill page charts. */
export const DETAIL_DAYS = 90;

/** What a Hermes home holds of the skill: where, who owns it, its record and its history. */
export interface HermesSkillDetail {
  location: SkillLocation;
  /** Relative to the home. */
  folder: string;
  provenance: Provenance;
  managed: boolean;
  /** May the curator change its lifecycle (pin, archive)? */
  eligible: boolean;
  record: CuratedRow;
  history: { id: number; kind: string; at: number; count: number; source: string; detail: string | null }[];
}

export interface SkillDetail {
  name: string;
  source: SkillSource;
  /** The folder that holds its SKILL.md. */
  folder: string;
  /** Per UTC day, oldest first: Hermes's uses and views (zero outside a Hermes home) and the engine's suggestions and loads. */
  days: { day: string; uses: number; views: number; patches: number; suggested: number; loaded: number; suppressed: number }[];
  /** Null when no Hermes home holds the skill. */
  hermes: HermesSkillDetail | null;
  files: { path: string; bytes: number }[];
}

function locateInHome(h: CuratorHome, name: string): { folder: string; location: SkillLocation } | null {
  const local = findLocalFolder(h, name);
  if (local) return { folder: local.folder, location: "local" };
  const external = h.external.find((s) => s.name === name);
  if (external) return { folder: external.folder, location: "external" };
  const archived = archivedSkills(h.skillsDir).find((s) => s.name === name);
  return archived ? { folder: archived.folder, location: "archived" } : null;
}

/** Outside a Hermes home: the folder of the default catalog's skill of that name, else of a SKILL.md the engine ranked lately. */
async function locateRanked(ctx: ServiceCtx, name: string, sinceMs: number): Promise<string | null> {
  const card = (await defaultCatalog(ctx.config, { includeDisabled: true })).cards.find((s) => s.name === name);
  if (card) return path.dirname(card.path);
  const ref = (await rankedSkillRefs(ctx.db, sinceMs)).find((r) => r.name === name && fs.existsSync(/*turbopackIgnore: true*/ r.path));
  return ref ? path.dirname(ref.path) : null;
}

function listFiles(folder: string, limit = 200): { path: string; bytes: number }[] {
  const out: { path: string; bytes: number }[] = [];
  const visit = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (out.length >= limit) return;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(path.join(dir, e.name), childRel);
      else if (e.isFile()) out.push({ path: childRel, bytes: fs.statSync(/*turbopackIgnore: true*/ path.join(dir, e.name)).size });
    }
  };
  visit(folder, "");
  return out;
}

async function hermesDetail(ctx: ServiceCtx, h: CuratorHome, name: string, found: { folder: string; location: SkillLocation }) {
  const record = reportRow(h, name, ctx.clock());
  return {
    location: found.location,
    folder: path.relative(h.home, found.folder),
    provenance: provenanceOf(h, name),
    managed: found.location === "local" && managedSet(h).includes(name),
    eligible: found.location !== "external" && isCurationEligible(h, name),
    record: found.location === "archived" ? { ...record, state: "archived" as const } : record,
    history: (await skillUsageEvents(ctx.db, h.home, name, 100)).map((e) => ({
      id: e.id,
      kind: e.kind,
      at: e.at,
      count: e.count,
      source: e.source,
      detail: e.detail,
    })),
  } satisfies HermesSkillDetail;
}

/**
 * One skill jev ranks: where it lives, 90 days of the engine's suggestions,
 * loads and suppressions, its files; and where a Hermes home holds it, its
 * provenance, lifecycle, record, Hermes's uses and views, and its history.
 * A name jev does not know is `not_found` on the `name` field.
 */
export async function skillDetail(ctx: ServiceCtx, { name }: { name: string }): Promise<SkillDetail> {
  const now = ctx.clock();
  const fromDay = Math.floor(now / DAY_MS) - DETAIL_DAYS + 1;
  const home = presentHome(ctx.config);
  const h = home === null ? null : await loadCuratorHome(home, homeOptionsOf(ctx.config), "kept");
  const inHome = h ? locateInHome(h, name) : null;
  const folder = inHome?.folder ?? (await locateRanked(ctx, name, fromDay * DAY_MS));
  if (folder === null) throw new JevError("not_found", `no skill named '${name}' that jev ranks`, "name");

  const days = Array.from({ length: DETAIL_DAYS }, (_, i) => ({
    day: utcDay((fromDay + i) * DAY_MS),
    uses: 0,
    views: 0,
    patches: 0,
    suggested: 0,
    loaded: 0,
    suppressed: 0,
  }));
  if (h && inHome) {
    for (const d of await usageDaysSince(ctx.db, h.home, fromDay, [name])) {
      const row = days[d.day - fromDay];
      row.uses += d.uses;
      row.views += d.views;
      row.patches += d.patches;
    }
  }
  for (const d of await engineDaysOf(ctx.db, name, fromDay)) {
    const row = days[d.day - fromDay];
    if (!row) continue;
    row.suggested += d.suggestions;
    row.loaded += d.loads;
    row.suppressed += d.suppressed;
  }
  return {
    name,
    source: inHome ? "hermes" : skillSourceOf(path.join(folder, "SKILL.md"), []),
    folder,
    days,
    hermes: h && inHome ? await hermesDetail(ctx, h, name, inHome) : null,
    files: listFiles(folder),
  };
}
