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

/** Read `$HERMES_HOME/config.yaml`; a missing, unreadable or ill-typed file gives the defaults. */
export function readHermesSkillsConfig(hermesHome: string): HermesSkillsConfig {
  let doc: unknown;
  try {
    doc = parse(fs.readFileSync(path.join(hermesHome, "config.yaml"), "utf8"));
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
