import fs from "node:fs";
import path from "node:path";
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
  if (!fs.existsSync(file)) return { names: new Set(), unreadable: false };
  try {
    const doc = JSON.parse(new TextDecoder("utf-8", { fatal: false }).decode(fs.readFileSync(file)));
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { names: new Set(), unreadable: true };
    const installed = doc.installed ?? {};
    if (typeof installed !== "object" || Array.isArray(installed)) return { names: new Set(), unreadable: true };
    const names = new Set<string>(Object.keys(installed));
    const root = fs.realpathSync(skills);
    for (const entry of Object.values(installed as Record<string, { install_path?: unknown }>)) {
      const rel = entry && typeof entry === "object" && typeof entry.install_path === "string" ? entry.install_path.trim() : "";
      if (!rel) continue;
      const folder = path.resolve(skills, rel);
      const real = fs.existsSync(folder) ? fs.realpathSync(folder) : null;
      if (!real || !(real === root || real.startsWith(`${root}${path.sep}`))) continue; // escapes skills/
      if (fs.existsSync(path.join(folder, "SKILL.md"))) names.add(provenanceName(folder));
    }
    return { names, unreadable: false };
  } catch {
    return { names: new Set(), unreadable: true };
  }
}
