import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** The `skills:` section of a Hermes `config.yaml`, as the engine uses it. */
export interface HermesSkillsConfig {
  externalDirs: string[];
  disabled: string[];
}

/** A string or a list of strings; anything else is the default (empty). */
function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
  return [];
}

const cache = new Map<string, { mtimeMs: number; size: number; config: HermesSkillsConfig }>();

/**
 * Read `$HERMES_HOME/config.yaml`; a missing, unreadable or ill-typed file gives
 * the defaults. Parsed once per change of the file (one stat per call).
 */
export function readHermesSkillsConfig(hermesHome: string): HermesSkillsConfig {
  const file = path.join(hermesHome, "config.yaml");
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return { externalDirs: [], disabled: [] };
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.config;
  const config = parseConfig(file);
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, config });
  return config;
}

function parseConfig(file: string): HermesSkillsConfig {
  let doc: unknown;
  try {
    doc = parse(fs.readFileSync(file, "utf8"));
  } catch {
    return { externalDirs: [], disabled: [] };
  }
  const skills = doc && typeof doc === "object" ? (doc as Record<string, unknown>).skills : undefined;
  if (!skills || typeof skills !== "object") return { externalDirs: [], disabled: [] };
  const section = skills as Record<string, unknown>;
  return {
    externalDirs: stringList(section.external_dirs),
    disabled: stringList(section.disabled).map((n) => n.trim()),
  };
}
