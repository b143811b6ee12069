import fs from "node:fs";
import path from "node:path";
import { readSmallFileSync } from "../fs/regular-file";
import { provenanceName } from "./skill-name";

export interface HubSet {
  names: Set<string>;
  /** `lock.json` exists but cannot be read or parsed: lifecycle commands must refuse ("hub lock unreadable"). */
  unreadable: boolean;
}

/**
 * `skills/.hub/lock.json` (curator spec §3.3): the hub-installed names are
 * the keys of `installed` plus the front-matter name at each `install_path`
 * inside `skills/`. Any error gives the empty set, never a partial one.
 */
export function readHubSet(home: string): HubSet {
  const skills = path.join(home, "skills");
  const file = path.join(skills, ".hub", "lock.json");
  if (!fs.existsSync(/*turbopackIgnore: true*/ file)) return { names: new Set(), unreadable: false };
  try {
    const doc = JSON.parse(new TextDecoder("utf-8", { fatal: false }).decode(readSmallFileSync(file)));
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { names: new Set(), unreadable: true };
    const installed = doc.installed ?? {};
    if (typeof installed !== "object" || Array.isArray(installed)) return { names: new Set(), unreadable: true };
    const names = new Set<string>(Object.keys(installed));
    const root = fs.realpathSync(/*turbopackIgnore: true*/ skills);
    for (const entry of Object.values(installed as Record<string, { install_path?: unknown }>)) {
      const rel = entry && typeof entry === "object" && typeof entry.install_path === "string" ? entry.install_path.trim() : "";
      if (!rel) continue;
      const folder = path.join(skills, rel); // skills is absolute: join normalises .. as resolve would
      const real = fs.existsSync(/*turbopackIgnore: true*/ folder) ? fs.realpathSync(/*turbopackIgnore: true*/ folder) : null;
      if (!real || !(real === root || real.startsWith(`${root}${path.sep}`))) continue; // escapes skills/
      const marker = path.join(folder, "SKILL.md");
      if (fs.existsSync(/*turbopackIgnore: true*/ marker)) names.add(provenanceName(folder));
    }
    return { names, unreadable: false };
  } catch {
    return { names: new Set(), unreadable: true };
  }
}
