import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Db, openDb } from "../../db/client";
import { clearDiscoveryCache } from "../catalog/discover";
import type { SkillCard } from "../catalog/types";
import { type JevConfig, loadConfig } from "../config";
import type { ServiceCtx } from "../services/context";

/**
 * Shared test factories: temporary folders, real skill folders, a fresh SQLite
 * file and a configuration that reads nothing from the developer's machine.
 */

/** A fresh temporary folder; `cleanup()` removes it (call it in afterEach). */
export function tempDir(prefix = "jev-test-"): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Write `<root>/<folder>/SKILL.md` with this front matter; returns the file's path. */
export function writeSkill(root: string, name: string, description: string, options: { folder?: string; body?: string } = {}): string {
  const dir = path.join(root, options.folder ?? name);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "SKILL.md");
  fs.writeFileSync(file, `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n${options.body ?? ""}`);
  return file;
}

/** A skills folder with one skill per entry; discovery caches are cleared so it is read fresh. */
export function skillTree(root: string, skills: Record<string, string>): string {
  for (const [name, description] of Object.entries(skills)) writeSkill(root, name, description);
  clearDiscoveryCache();
  return root;
}

/** A catalog of cards that exist only as data (`jev eval`-style), named `prefix-0`, `prefix-1`, … */
export function cards(n: number, prefix = "skill"): SkillCard[] {
  return Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}`, description: `does ${prefix} ${i}`, path: `/skills/${prefix}-${i}/SKILL.md` }));
}

/** A new SQLite file in `dir`, migrated. */
export function freshDb(dir: string, file = "jev.db"): Db {
  return openDb(path.join(dir, file));
}

/** Configuration for a test: HOME and HERMES_HOME inside `dir`, nothing from the developer's environment. */
export function testConfig(dir: string, env: Record<string, string> = {}): JevConfig {
  // The lexical judge alone unless a test asks for the encoder: unit tests pin what lexical evidence does.
  return loadConfig({ HOME: dir, HERMES_HOME: path.join(dir, "hermes"), JEV_DB: path.join(dir, "jev.db"), JEV_ENCODER: "off", ...env });
}

/** A service context on this database and configuration (the process's when omitted) whose clock reads `now` (the wall clock when omitted). */
export { ctxAt } from "../services/context";

/** A pick's context from what a test has: no database unless given, the configuration from the environment, the wall clock. */
export function pickCtx(given: Partial<ServiceCtx<Db | null>>): ServiceCtx<Db | null> {
  return { db: given.db ?? null, config: given.config ?? loadConfig(), clock: given.clock ?? Date.now };
}
