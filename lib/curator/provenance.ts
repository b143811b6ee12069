import { compareCodePoints } from "../hermes/python-json";
import { activityCount, backfilled, type FullUsageRecord, isManagedRecord, latestActivityAt, recordOf } from "../hermes/usage-record";
import type { Provenance } from "../vocab/curator";
import { managedSet } from "./curation-scope";
import { type CuratorHome, isUnder } from "./curator-home";
import type { SkillFolder } from "./skill-tree";

/** The local folder of a skill, by provenance name; the first in walk order (§6.1). */
export function findLocalFolder(h: CuratorHome, name: string): SkillFolder | undefined {
  return h.local.find((s) => s.name === name);
}

export function isExternalPath(h: CuratorHome, p: string): boolean {
  return isUnder(p, h.externalRoots);
}

/** §3.7: may the curator write this skill's lifecycle fields? (Telemetry bumps are not gated.) */
export function isCurationEligible(h: CuratorHome, name: string, folder?: string): boolean {
  if (folder && isExternalPath(h, folder)) return false;
  if (h.protectedNames.has(name)) return false;
  if (h.hub.names.has(name)) return false;
  if (h.bundled.has(name)) return h.config.pruneBuiltins;
  if (findLocalFolder(h, name)) return true;
  if (h.externalNames.has(name)) return false;
  return true;
}

/** §3.9: hub, else bundled, else agent (which also covers hand-written local skills). */
export function provenanceOf(h: CuratorHome, name: string): Provenance {
  if (h.hub.names.has(name)) return "hub";
  if (h.bundled.has(name)) return "bundled";
  return "agent";
}

/** §3.9, the pin guard: neither bundled nor hub, and a local folder exists or no external root has the name. */
export function isAgentCreated(h: CuratorHome, name: string): boolean {
  if (h.bundled.has(name) || h.hub.names.has(name)) return false;
  return findLocalFolder(h, name) !== undefined || !h.externalNames.has(name);
}

/** A curated-report row (§8.1): the record backfilled, whether it is persisted, activity and provenance. */
export type CuratedRow = FullUsageRecord & {
  name: string;
  _persisted: boolean;
  last_activity_at: string | null;
  activity_count: number;
  provenance: Provenance;
};

export function reportRow(h: CuratorHome, name: string, now: number): CuratedRow {
  const stored = recordOf(h.usage, name);
  return {
    ...backfilled(stored, now),
    name,
    _persisted: stored !== undefined,
    last_activity_at: latestActivityAt(stored),
    activity_count: activityCount(stored),
    provenance: provenanceOf(h, name),
  };
}

/** §3.8: the managed set plus eligible pinned skills that have a local folder, one row each, by name. */
export function curatedReport(h: CuratorHome, now: number): CuratedRow[] {
  const names = new Set(managedSet(h));
  for (const [name, record] of Object.entries(h.usage)) {
    if (record.pinned && isCurationEligible(h, name) && findLocalFolder(h, name)) names.add(name);
  }
  return [...names].sort(compareCodePoints).map((name) => reportRow(h, name, now));
}

/** §3.9: local, eligible skills that are not bundled, hub, protected or managed. */
export function unmanagedList(h: CuratorHome): { name: string; has_record: boolean; has_provenance_key: boolean }[] {
  const out = new Map<string, { name: string; has_record: boolean; has_provenance_key: boolean }>();
  for (const { name } of h.local) {
    if (out.has(name) || h.bundled.has(name) || h.hub.names.has(name) || h.protectedNames.has(name)) continue;
    const record = recordOf(h.usage, name);
    if (isManagedRecord(record) || !isCurationEligible(h, name)) continue;
    out.set(name, { name, has_record: record !== undefined, has_provenance_key: record !== undefined && "created_by" in record });
  }
  return [...out.values()].sort((a, b) => compareCodePoints(a.name, b.name));
}

/** §8.2 usage_report: one row per distinct local skill name, any provenance. */
export function usageReport(h: CuratorHome, now: number): CuratedRow[] {
  return [...new Set(h.local.map((s) => s.name))].sort(compareCodePoints).map((name) => reportRow(h, name, now));
}
