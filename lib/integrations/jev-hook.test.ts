import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { packageRoot } from "../config";

/** The Claude Code and Codex hook's own logic (integrations/claude-code/tests, Python's unittest): what counts as Codex reading a skill. */
it("the hook's Python tests pass", () => {
  const r = spawnSync("python3", ["-B", "-m", "unittest", "-v", "test_jev_hook"], {
    cwd: path.join(packageRoot(), "integrations", "claude-code", "tests"),
    encoding: "utf8",
    timeout: 60_000,
  });
  const report = `${r.stdout}\n${r.stderr}`;
  expect(r.status, report).toBe(0);
  expect(report).toMatch(/Ran (?:[2-9]|[1-9]\d+) tests in /);
});
