import { spawnSync } from "node:child_process";
import path from "node:path";

/** The oldest Python the hook scripts are written for. */
const MIN_PYTHON = [3, 8] as const;

/**
 * The Python interpreter a hook command should name, by absolute path: the one `python3` on this PATH runs in the
 * end. A hook runs on every prompt, and a `python3` resolved through a version manager's shim each time costs many
 * times the interpreter's own start (lib/README.md); asking it for `sys.executable` once, here, skips the shim. Null
 * when there is no Python 3.8 or later (the caller then falls back to `python3` and says so).
 */
export function findPython(env: NodeJS.ProcessEnv = process.env): string | null {
  const r = spawnSync("python3", ["-I", "-S", "-c", "import sys; print(sys.executable); print('%d.%d' % sys.version_info[:2])"], {
    env,
    encoding: "utf8",
    timeout: 10_000,
  });
  if (r.status !== 0 || typeof r.stdout !== "string") return null;
  const [executable, version] = r.stdout.trim().split("\n");
  const [major, minor] = (version ?? "").split(".").map(Number);
  if (!executable || !path.isAbsolute(executable) || !(major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]))) return null;
  return executable;
}
