import fs from "node:fs";
import { JevError } from "../../base/errors";
import type { JevConfig } from "../../config";
import type { CuratorHomeOptions } from "../../curator/curator-home";

/** The Hermes home jev curates, as stored in its event rows (already absolute: lib/config). */
export const curatedHome = (config: JevConfig): string => config.hermesHome;

/** How the configuration narrows what the curator may touch. */
export const homeOptionsOf = (config: JevConfig): CuratorHomeOptions => ({ protectedNames: config.protectedSkills });

/** The Hermes home when there is one; null when HERMES_HOME names no folder (a Claude Code or Codex user's machine). */
export function presentHome(config: JevConfig): string | null {
  const home = curatedHome(config);
  return fs.statSync(/*turbopackIgnore: true*/ home, { throwIfNoEntry: false })?.isDirectory() ? home : null;
}

/** The home must exist: jev never creates one (curator spec §0). */
export function requireHome(config: JevConfig): string {
  const home = presentHome(config);
  if (home === null) throw new JevError("not_found", `no Hermes home found at ${curatedHome(config)}; set HERMES_HOME (or pass --hermes-home)`);
  return home;
}
