import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * The real agents, from npm, for tests: each a pinned version installed once into a cache beside the project's own
 * packages (node_modules/.cache/jev-agents/<package>@<version>) and shared by every test file of a run and by later
 * runs. Installed into a temp folder first and renamed into place, so two test files installing at once both end with
 * one whole copy. Nothing of it is committed; the versions are the ones jev is checked against.
 */

export const PINNED_AGENTS = {
  codex: { pkg: "@openai/codex", version: "0.171.0", bin: "codex" },
  "claude-code": { pkg: "@anthropic-ai/claude-code", version: "2.1.197", bin: "claude" },
  gemini: { pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
} as const;

export type PinnedAgent = keyof typeof PINNED_AGENTS;

const cacheRoot = () => path.resolve(import.meta.dirname, "../../../node_modules/.cache/jev-agents");

/** The agent's executable, installed first when this version is not in the cache yet. Throws with npm's last words when the install fails. */
export function pinnedAgentBin(agent: PinnedAgent): string {
  const { pkg, version, bin } = PINNED_AGENTS[agent];
  const home = path.join(cacheRoot(), `${pkg.replace("/", "+")}@${version}`);
  const exe = path.join(home, "node_modules", ".bin", bin);
  if (fs.existsSync(exe)) return exe;
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const temp = fs.mkdtempSync(path.join(cacheRoot(), ".installing-"));
  const installed = spawnSync("npm", ["install", "--prefix", temp, `${pkg}@${version}`, "--no-audit", "--no-fund", "--no-save"], {
    encoding: "utf8",
    cwd: os.tmpdir(), // not the project: its .npmrc and lockfile are not the agent's
    timeout: 600_000,
  });
  if (installed.status !== 0) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw new Error(`could not install ${pkg}@${version}: ${(installed.stderr ?? "").slice(-400)}`);
  }
  try {
    fs.renameSync(temp, home);
  } catch {
    fs.rmSync(temp, { recursive: true, force: true }); // another test file installed it first
  }
  return exe;
}
