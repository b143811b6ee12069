import path from "node:path";
import { parse } from "yaml";
import { nameKeyed, ownValue } from "../base/collections";
import { processWide } from "../base/process-state";
import { readStamped } from "../fs/read-stamped";
import { CONSERVATIVE_CURATOR_DEFAULTS, type CuratorDefaults } from "./curator-defaults";

/**
 * Hermes's `config.yaml`, the one reader of it: the `skills:` section (roots
 * and disables, for discovery) and the `curator:` section (curator spec
 * §5.1). A missing or unreadable file, or a missing or ill-typed key, gives
 * the default, with Python's casting rules.
 */
export interface HermesSkillsConfig {
  externalDirs: string[];
  disabled: string[];
  /** `skills.platform_disabled.<platform>`: names disabled on one platform only. */
  platformDisabled: Record<string, string[]>;
}

export interface CuratorConfig {
  enabled: boolean;
  intervalHours: number;
  minIdleHours: number;
  staleAfterDays: number;
  archiveAfterDays: number;
  pruneBuiltins: boolean;
  consolidate: boolean;
  backup: { enabled: boolean; keep: number };
}

export interface HermesConfig {
  skills: HermesSkillsConfig;
  /** Thresholds here are the conservative defaults unless `curatorThresholds` has them: see `withThresholdDefaults`. */
  curator: CuratorConfig;
  /** The thresholds config.yaml sets (valid values only): these win over any release's defaults. */
  curatorThresholds: { staleAfterDays?: number; archiveAfterDays?: number };
  /** Keys whose value was not usable, with the value: each is warned about once. */
  fallbacks: string[];
}

/** Hermes's curator defaults; the thresholds depend on the release (lib/hermes/curator-defaults.ts): here the conservative pair. */
export const DEFAULT_CURATOR_CONFIG: CuratorConfig = {
  enabled: true,
  intervalHours: 168,
  minIdleHours: 2,
  staleAfterDays: CONSERVATIVE_CURATOR_DEFAULTS.staleAfterDays,
  archiveAfterDays: CONSERVATIVE_CURATOR_DEFAULTS.archiveAfterDays,
  pruneBuiltins: true,
  consolidate: false,
  backup: { enabled: true, keep: 5 },
};

/** A string or a list of strings; anything else is the default (empty). */
function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
  return [];
}

/** Python truthiness of a YAML value (so the string "false" is true, as in Hermes). */
function truthy(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value as object).length > 0;
  return true;
}

/** Python's `int(value)`: ints, truncated floats, integer strings; null when it would raise. */
function pyInt(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
  return null;
}

/** Python's `float(value)`: numbers and numeric strings; null when it would raise. */
function pyFloat(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

const section = (doc: unknown, key: string): Record<string, unknown> => {
  const value = doc && typeof doc === "object" ? (doc as Record<string, unknown>)[key] : undefined;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

export function parseHermesConfig(doc: unknown): HermesConfig {
  const skills = section(doc, "skills");
  const curator = section(doc, "curator");
  const backup = section(curator, "backup");
  const fallbacks: string[] = [];
  const setAtLeastOne = (key: string): number | undefined => {
    if (curator[key] === undefined) return undefined;
    const n = pyInt(curator[key]);
    if (n !== null && n >= 1) return n;
    fallbacks.push(`curator.${key}=${JSON.stringify(curator[key])}`);
    return undefined;
  };
  const atLeastOne = (key: string, fallback: number) => setAtLeastOne(key) ?? fallback;
  const curatorThresholds = { staleAfterDays: setAtLeastOne("stale_after_days"), archiveAfterDays: setAtLeastOne("archive_after_days") };
  // Platform names come from the user's file: kept without a prototype, so any name is a plain key.
  const platformDisabled = nameKeyed(Object.entries(section(skills, "platform_disabled")).map(([platform, names]) => [platform, stringList(names)] as const));
  return {
    skills: { externalDirs: stringList(skills.external_dirs), disabled: stringList(skills.disabled), platformDisabled },
    curator: {
      enabled: truthy(curator.enabled, DEFAULT_CURATOR_CONFIG.enabled),
      intervalHours: atLeastOne("interval_hours", DEFAULT_CURATOR_CONFIG.intervalHours),
      minIdleHours:
        curator.min_idle_hours === undefined ? DEFAULT_CURATOR_CONFIG.minIdleHours : (pyFloat(curator.min_idle_hours) ?? DEFAULT_CURATOR_CONFIG.minIdleHours),
      staleAfterDays: curatorThresholds.staleAfterDays ?? DEFAULT_CURATOR_CONFIG.staleAfterDays,
      archiveAfterDays: curatorThresholds.archiveAfterDays ?? DEFAULT_CURATOR_CONFIG.archiveAfterDays,
      pruneBuiltins: truthy(curator.prune_builtins, DEFAULT_CURATOR_CONFIG.pruneBuiltins),
      consolidate: truthy(curator.consolidate, DEFAULT_CURATOR_CONFIG.consolidate),
      backup: {
        enabled: truthy(backup.enabled, DEFAULT_CURATOR_CONFIG.backup.enabled),
        keep: Math.max(1, pyInt(backup.keep) ?? DEFAULT_CURATOR_CONFIG.backup.keep),
      },
    },
    curatorThresholds,
    fallbacks,
  };
}

/** The curator section with a release's thresholds wherever config.yaml sets none (explicit settings always win). */
export function withThresholdDefaults(config: HermesConfig, defaults: CuratorDefaults): CuratorConfig {
  return {
    ...config.curator,
    staleAfterDays: config.curatorThresholds.staleAfterDays ?? defaults.staleAfterDays,
    archiveAfterDays: config.curatorThresholds.archiveAfterDays ?? defaults.archiveAfterDays,
  };
}

/** Problems warned about once per process, not once per copy of lib/. */
const warned = processWide("jev.configYamlWarned", () => new Set<string>());

/** Read `<home>/config.yaml`, parsed once per change of the file (one stat per call); bad values are warned about once each. */
export function readHermesConfig(hermesHome: string): HermesConfig {
  return readStamped(path.join(hermesHome, "config.yaml"), parseConfigText, { fallback: NO_CONFIG });
}

const NO_CONFIG = parseHermesConfig(undefined);

function parseConfigText(text: string | undefined, file: string): HermesConfig {
  let doc: unknown;
  try {
    doc = text === undefined ? undefined : parse(text);
  } catch {
    doc = undefined;
  }
  const config = parseHermesConfig(doc);
  for (const f of config.fallbacks) {
    if (warned.has(f)) continue;
    warned.add(f);
    console.warn(`[jev] ${file}: ${f} is not a whole number of at least 1; using the default`);
  }
  return config;
}

/**
 * Names Hermes hides on `platform`: `skills.disabled` plus `skills.platform_disabled.<platform>`
 * (a globally disabled skill stays disabled everywhere; the platform's list adds to it), as
 * Hermes's `get_disabled_skill_names` and `_is_skill_disabled` decide. No platform: the global list.
 */
export function disabledOn(skills: HermesSkillsConfig, platform: string | undefined): Set<string> {
  const onPlatform = platform ? (ownValue(skills.platformDisabled, platform) ?? []) : [];
  return new Set([...skills.disabled, ...onPlatform]);
}

/** The `skills:` section, as discovery uses it. */
export function readHermesSkillsConfig(hermesHome: string): HermesSkillsConfig {
  return readHermesConfig(hermesHome).skills;
}
