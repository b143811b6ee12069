import path from "node:path";
import type { SkillSource } from "../../../vocab/skill-sources";

/** The folder names that mark an agent's skills wherever they sit (a user's home or a project). */
const AGENT_FOLDERS: [string, SkillSource][] = [
  [".claude", "claude-code"],
  [".codex", "codex"],
  [".agents", "codex"],
];

/**
 * Whose skill a SKILL.md path is: Hermes's when it lies under one of the
 * home's roots, else the agent whose folder (`.claude/skills`, …) holds it,
 * else a plain folder.
 */
export function skillSourceOf(file: string, hermesRoots: readonly string[]): SkillSource {
  if (hermesRoots.some((root) => file.startsWith(root.endsWith(path.sep) ? root : root + path.sep))) return "hermes";
  const parts = file.split(path.sep);
  for (let i = parts.length - 2; i >= 1; i--) {
    if (parts[i] !== "skills") continue;
    const owner = AGENT_FOLDERS.find(([folder]) => folder === parts[i - 1]);
    if (owner) return owner[1];
  }
  return "folder";
}

/** A path for people: the user's home as `~`. */
export function shownPath(file: string, home: string): string {
  return home && (file === home || file.startsWith(home + path.sep)) ? `~${file.slice(home.length)}` : file;
}
