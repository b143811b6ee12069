import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";

/**
 * The Hermes plugin (integrations/hermes/jev) through its Python unit tests:
 * a fake plugin context, the real jev server on loopback, no Hermes
 * installed. The plugin's own files go to a scratch Hermes home.
 */
test("the Hermes plugin's tests pass against the real server", () => {
  test.setTimeout(120_000);
  const scratch = path.join(E2E.dir, "hermes-plugin-home");
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const r = spawnSync("python3", ["-m", "unittest", "-v", "test_jev_plugin"], {
    cwd: path.resolve("integrations/hermes/tests"),
    encoding: "utf8",
    env: { ...process.env, JEV_URL: E2E.baseURL, JEV_API_TOKEN: E2E.token, JEV_DB: E2E.serverEnv.JEV_DB, HERMES_HOME: scratch, PYTHONDONTWRITEBYTECODE: "1" },
    timeout: 110_000,
  });
  const report = `${r.stdout}\n${r.stderr}`;
  expect(r.status, report).toBe(0);
  expect(report).toMatch(/Ran \d+ tests/);
  expect(report).toContain("OK");

  // What the plugin kept while the server was down: `jev import hermes` takes it in once.
  const importOnce = () => {
    const run = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "import", "hermes", "--hermes-home", scratch], {
      encoding: "utf8",
      env: { ...process.env, ...E2E.serverEnv, HERMES_HOME: scratch },
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { records: number; imported: number; already: number };
  };
  const first = importOnce();
  expect(first.records).toBeGreaterThan(0);
  expect(first.imported).toBe(first.records);
  expect(importOnce()).toMatchObject({ imported: 0, already: first.records });
});
