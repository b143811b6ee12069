import fs from "node:fs";
import { ownValue, putOwn } from "../base/collections";
import { type CuratorState, readCuratorState } from "../hermes/curator-state";
import { parsePyTime } from "../hermes/py-time";
import type { CuratorHome } from "./curator-home";
import { type CuratedRow, curatedReport, unmanagedList } from "./provenance";

/** What `jev curator status` shows (curator spec §8.2), as data; `formatStatus` renders it as Hermes does. */
export interface CuratorStatus {
  mode: "ENABLED" | "PAUSED" | "DISABLED";
  state: CuratorState;
  reportMissing: boolean;
  intervalHours: number;
  staleAfterDays: number;
  archiveAfterDays: number;
  consolidate: boolean;
  /** Which thresholds and protected names are in force, and why (config.yaml, the Hermes release, or the conservative set). */
  defaults: { why: string; fromConfig: string[] };
  managed: { agent: Record<string, number>; bundled: Record<string, number> };
  pinned: string[];
  unmanaged: { total: number; predatesMarker: number; foreground: number };
  leastRecentlyActive: CuratedRow[];
  mostActive: CuratedRow[];
  leastActive: CuratedRow[];
}

export function curatorStatus(h: CuratorHome, now: number): CuratorStatus {
  const state = readCuratorState(h.home);
  const rows = curatedReport(h, now);
  const managed = {
    agent: { active: 0, stale: 0, archived: 0 } as Record<string, number>,
    bundled: { active: 0, stale: 0, archived: 0 } as Record<string, number>,
  };
  for (const r of rows) {
    const group = r.provenance === "bundled" ? managed.bundled : managed.agent;
    // The state is read from the usage file, so it may be any string: only its own key counts.
    putOwn(group, r.state, (ownValue(group, r.state) ?? 0) + 1);
  }
  const unmanaged = unmanagedList(h);
  const active = rows.filter((r) => r.state === "active");
  const anchor = (r: CuratedRow) => parsePyTime(r.last_activity_at) ?? parsePyTime(r.created_at) ?? now;
  const byActivity = [...active].sort((a, b) => b.activity_count - a.activity_count);
  return {
    mode: !h.config.enabled ? "DISABLED" : state.paused ? "PAUSED" : "ENABLED",
    state,
    reportMissing: state.last_report_path !== null && !fs.existsSync(/*turbopackIgnore: true*/ state.last_report_path),
    intervalHours: h.config.intervalHours,
    staleAfterDays: h.config.staleAfterDays,
    archiveAfterDays: h.config.archiveAfterDays,
    consolidate: h.config.consolidate,
    defaults: { why: h.defaults.why, fromConfig: h.thresholdsFromConfig },
    managed,
    pinned: rows.filter((r) => r.pinned).map((r) => r.name),
    unmanaged: {
      total: unmanaged.length,
      predatesMarker: unmanaged.filter((u) => !u.has_provenance_key).length,
      foreground: unmanaged.filter((u) => u.has_provenance_key).length,
    },
    leastRecentlyActive: [...active].sort((a, b) => anchor(a) - anchor(b)).slice(0, 5),
    mostActive: byActivity[0]?.activity_count > 0 ? byActivity.slice(0, 5) : [],
    leastActive: [...active].sort((a, b) => a.activity_count - b.activity_count).slice(0, 5),
  };
}

/** `Ns/Nm/Nh/Nd ago`, or `never`. */
export function ago(iso: string | null, now: number): string {
  const at = parsePyTime(iso);
  if (at === null) return "never";
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

export function formatStatus(s: CuratorStatus, now: number): string {
  const every = s.intervalHours % 24 === 0 ? `every ${s.intervalHours / 24}d` : `every ${s.intervalHours}h`;
  const counts = (c: Record<string, number>) => `active ${c.active ?? 0}, stale ${c.stale ?? 0}, archived ${c.archived ?? 0}`;
  const list = (rows: CuratedRow[]) =>
    rows.length ? rows.map((r) => `  ${r.name}  (activity ${r.activity_count}, last ${r.last_activity_at ?? "never"})`) : ["  (none)"];
  const summary = (s.state.last_run_summary ?? "(none)").split("\n");
  return [
    `curator: ${s.mode} (${s.state.run_count} runs)`,
    `last run: ${ago(s.state.last_run_at, now)}`,
    `summary: ${summary[0]}`,
    ...summary.slice(1).map((l) => `         ${l}`),
    `report: ${s.state.last_report_path ?? "(none)"}${s.reportMissing ? " (missing)" : ""}`,
    `interval: ${every}; stale after ${s.staleAfterDays}d unused; archive after ${s.archiveAfterDays}d unused`,
    `defaults: ${s.defaults.why}${s.defaults.fromConfig.length ? `; config.yaml sets ${s.defaults.fromConfig.join(" and ")}, which wins` : ""}`,
    `consolidate: ${s.consolidate ? "on" : "off"}`,
    `managed agent-created: ${counts(s.managed.agent)}`,
    `managed bundled: ${counts(s.managed.bundled)}`,
    `pinned: ${s.pinned.length ? s.pinned.join(", ") : "(none)"}`,
    `unmanaged: ${s.unmanaged.total} (${s.unmanaged.predatesMarker} pre-date the marker, ${s.unmanaged.foreground} created in the foreground)`,
    "least recently active:",
    ...list(s.leastRecentlyActive),
    ...(s.mostActive.length ? ["most active:", ...list(s.mostActive)] : []),
    "least active:",
    ...list(s.leastActive),
  ].join("\n");
}
