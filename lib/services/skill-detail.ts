import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { engineDaysOf, skillUsageEvents, usageDaysSince } from "../../db/queries/usage-events";
import type { JevConfig } from "../config";
import { archivedSkills } from "../curator/archive";
import { type CuratorHome, loadCuratorHome } from "../curator/curator-home";
import { type CuratedRow, findLocalFolder, isCurationEligible, managedSet, provenanceOf, reportRow } from "../curator/provenance";
import { JevError } from "../errors";
import { DAY_MS, utcDay } from "../time";
import type { Provenance } from "../vocab/curator";
import { requireHome } from "./curator/home";
import type { SkillLocation } from "./skills-list";

/** Days of history the skill page charts. */
export const DETAIL_DAYS = 90;

export interface SkillDetail {
  name: string;
  location: SkillLocation;
  folder: string;
  provenance: Provenance;
  managed: boolean;
  /** May the curator change its lifecycle (pin, archive)? */
  eligible: boolean;
  record: CuratedRow;
  /** Per UTC day, oldest first: Hermes's uses and views (jev's history) and the engine's suggestions and loads. */
  days: { day: string; uses: number; views: number; patches: number; suggested: number; loaded: number; suppressed: number }[];
  history: { id: number; kind: string; at: number; count: number; source: string; detail: string | null }[];
  files: { path: string; bytes: number }[];
}

function locate(h: CuratorHome, name: string): { folder: string; location: SkillLocation } | null {
  const local = findLocalFolder(h, name);
  if (local) return { folder: local.folder, location: "local" };
  const external = h.external.find((s) => s.name === name);
  if (external) return { folder: external.folder, location: "external" };
  const archived = archivedSkills(h.skillsDir).find((s) => s.name === name);
  return archived ? { folder: archived.folder, location: "archived" } : null;
}

function listFiles(folder: string, limit = 200): { path: string; bytes: number }[] {
  const out: { path: string; bytes: number }[] = [];
  const visit = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (out.length >= limit) return;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(path.join(dir, e.name), childRel);
      else if (e.isFile()) {
        const file = path.join(dir, e.name);
        out.push({ path: childRel, bytes: fs.statSync(/*turbopackIgnore: true*/ file).size });
      }
    }
  };
  visit(folder, "");
  return out;
}

/** One skill: where it lives and who owns it, its record, 90 days of activity and of the engine's suggestions, its history and files. */
export async function skillDetailService(db: Db, config: JevConfig, name: string, now = Date.now()): Promise<SkillDetail> {
  const home = requireHome(config);
  const h = await loadCuratorHome(home, { protectedNames: config.protectedSkills });
  const found = locate(h, name);
  if (!found) throw new JevError("not_found", `no skill named '${name}' in ${home}`, "name");
  const fromDay = Math.floor(now / DAY_MS) - DETAIL_DAYS + 1;
  const days = Array.from({ length: DETAIL_DAYS }, (_, i) => ({
    day: utcDay((fromDay + i) * DAY_MS),
    uses: 0,
    views: 0,
    patches: 0,
    suggested: 0,
    loaded: 0,
    suppressed: 0,
  }));
  for (const d of await usageDaysSince(db, home, fromDay, [name])) {
    const row = days[d.day - fromDay];
    row.uses += d.uses;
    row.views += d.views;
    row.patches += d.patches;
  }
  for (const d of await engineDaysOf(db, name, fromDay)) {
    const row = days[d.day - fromDay];
    if (!row) continue;
    row.suggested += d.suggestions;
    row.loaded += d.loads;
    row.suppressed += d.suppressed;
  }
  const record = reportRow(h, name, now);
  return {
    name,
    location: found?.location ?? "archived",
    folder: found ? path.relative(home, found.folder) : "(folder gone; only its record remains)",
    provenance: provenanceOf(h, name),
    managed: found?.location === "local" && managedSet(h).includes(name),
    eligible: found?.location !== "external" && isCurationEligible(h, name),
    record: found?.location === "archived" ? { ...record, state: "archived" } : record,
    days,
    history: (await skillUsageEvents(db, home, name, 100)).map((e) => ({
      id: e.id,
      kind: e.kind,
      at: e.at,
      count: e.count,
      source: e.source,
      detail: e.detail,
    })),
    files: found ? listFiles(found.folder) : [],
  };
}
