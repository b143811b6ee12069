import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/*
 * Python peers from PyPI, for the peer tests (peers/): each a pinned version in a virtual environment of its own,
 * made once in a cache beside the project's packages (node_modules/.cache/jev-python/<package>@<version>) and kept
 * for later runs. A venv cannot be moved once made, so it is made in place and marked whole only at the end: a
 * half-made one (an install cut off) is made again. jev itself never runs Python.
 */

export const PINNED_PYTHON = {
  schemathesis: { pkg: "schemathesis", version: "4.32.5", bin: "schemathesis" },
  hermes: { pkg: "hermes-agent", version: "0.19.0", bin: "hermes" },
  /** The oldest Hermes on PyPI: jev reads its files too (lib/hermes/curator-defaults.ts starts at 0.0.0). */
  "hermes-oldest": { pkg: "hermes-agent", version: "0.13.0", bin: "hermes" },
} as const;

export type PinnedPython = keyof typeof PINNED_PYTHON;

const cacheRoot = () => path.resolve(import.meta.dirname, "../../../node_modules/.cache/jev-python");
const WHOLE = ".jev-installed";

/**
 * The tool's executable, its venv's Python (to run the package's own code) and how long getting it took (0 from the
 * cache). Throws with pip's last words when the install fails.
 */
export function pinnedPythonBin(tool: PinnedPython): { bin: string; python: string; installMs: number } {
  const { pkg, version, bin } = PINNED_PYTHON[tool];
  const home = path.join(cacheRoot(), `${pkg}@${version}`);
  const exe = path.join(home, "bin", bin);
  const python = path.join(home, "bin", "python");
  if (fs.existsSync(path.join(home, WHOLE)) && fs.existsSync(exe)) return { bin: exe, python, installMs: 0 };
  const started = Date.now();
  fs.rmSync(home, { recursive: true, force: true });
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 900_000 });
    if (r.status !== 0) throw new Error(`could not install ${pkg}==${version}: ${cmd} ${args[0]} failed: ${(r.stderr || r.stdout || "").slice(-400)}`);
  };
  run("python3", ["-m", "venv", home]);
  run(path.join(home, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", `${pkg}==${version}`]);
  fs.writeFileSync(path.join(home, WHOLE), `${pkg}==${version}\n`);
  return { bin: exe, python, installMs: Date.now() - started };
}
