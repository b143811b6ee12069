/**
 * The curator defaults each Hermes release ships, and the set jev falls back to when it cannot tell which release
 * runs a home. The rule (curator spec §3.5, §5.1): explicit `curator:` settings in config.yaml always win; then the
 * defaults of the Hermes in use; when that is unknown, the conservative set, so jev never archives sooner, or touches
 * a name, where that Hermes would not.
 */
export interface CuratorDefaults {
  staleAfterDays: number;
  archiveAfterDays: number;
  /** `PROTECTED_BUILTIN_SKILLS`: names never curation-eligible. */
  protectedNames: readonly string[];
}

export interface HermesRelease {
  /** The first release (package version) with these defaults; each holds until the next row's. */
  from: string;
  defaults: CuratorDefaults;
  /** Where the values were read, so the next reader can check them again. */
  source: string;
}

/** Oldest first. A newer release than the last row is taken to keep the last row's defaults. */
export const HERMES_CURATOR_RELEASES: readonly HermesRelease[] = [
  {
    from: "0.0.0",
    defaults: { staleAfterDays: 30, archiveAfterDays: 90, protectedNames: ["plan"] },
    source:
      "hermes-agent 0.18.2 (upstream main, July 2026; fork colingreig/hermes-agent-upstream-contrib e26442b4): agent/curator.py DEFAULT_STALE_AFTER_DAYS = 30, DEFAULT_ARCHIVE_AFTER_DAYS = 90; tools/skill_usage.py PROTECTED_BUILTIN_SKILLS = {plan} (since PR #41817, 2026-06-08; older releases protected nothing, so protecting plan there only does less)",
  },
  {
    from: "0.21.0",
    defaults: { staleAfterDays: 30, archiveAfterDays: 90, protectedNames: [] },
    source:
      "hermes-agent 0.21.0 (v2026.8.31): PR #98272 (2026-08-30) made /plan a built-in command and retired the plan skill; PROTECTED_BUILTIN_SKILLS is empty from then on",
  },
  {
    from: "0.21.3",
    defaults: { staleAfterDays: 14, archiveAfterDays: 30, protectedNames: [] },
    source:
      "hermes-agent 0.21.3 (v2026.9.14, config schema v44): PR #109078 (2026-09-12) changed curator.stale_after_days 30 -> 14 and archive_after_days 90 -> 30",
  },
];

/** The longest thresholds and every protected name of any supported release: what no release would do less than. */
export const CONSERVATIVE_CURATOR_DEFAULTS: CuratorDefaults = {
  staleAfterDays: Math.max(...HERMES_CURATOR_RELEASES.map((r) => r.defaults.staleAfterDays)),
  archiveAfterDays: Math.max(...HERMES_CURATOR_RELEASES.map((r) => r.defaults.archiveAfterDays)),
  protectedNames: [...new Set(HERMES_CURATOR_RELEASES.flatMap((r) => r.defaults.protectedNames))].sort(),
};

/** `0.21.3`, `v0.21.3`, `0.21.3.dev0`, `Hermes Agent v0.21.3 (2026.9.14)` → [0, 21, 3]; null when there is no x.y.z. */
export function parseHermesVersion(text: string): [number, number, number] | null {
  const m = /(?:^|[^\d.])v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?![\d])/.exec(` ${text}`);
  if (!m) return null;
  const parts: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Release tags are dates (v2026.9.14); a date is not a package version.
  return parts[0] >= 2000 ? null : parts;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The release row a version falls in, or null when the text holds no package version. */
export function releaseFor(version: string): HermesRelease | null {
  const parsed = parseHermesVersion(version);
  if (!parsed) return null;
  let found: HermesRelease | null = null;
  for (const row of HERMES_CURATOR_RELEASES) if (compare(parsed, parseHermesVersion(row.from)!) >= 0) found = row;
  return found;
}
