import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { packageRoot } from "../lib/config";
import { isolatedServerEnv, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * A first start on a machine with no skills, as a new user meets it: the
 * banner says none were found, where it looked and what to do next; its own
 * try-it call fails open; `npm run demo` then runs (that call is not "real
 * data" to protect) and the same call is answered with a demo skill at once,
 * without a restart.
 */
const PORT = 3187;
const dir = path.resolve(".tmp/e2e-first-run");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess | undefined;

// The user's shell has no JEV_API_TOKEN: the banner shows the token it generated.
const savedToken = process.env.JEV_API_TOKEN;
test.beforeAll(() => {
  delete process.env.JEV_API_TOKEN;
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
  if (savedToken !== undefined) process.env.JEV_API_TOKEN = savedToken;
});

const runTs = (script: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(packageRoot(), "bin", "run-ts.mjs"), path.join(packageRoot(), "scripts", script)], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

test("a fresh server with no skills says so, and its banner leads to a first suggested skill", async ({ request, page }) => {
  test.setTimeout(120_000);
  const { JEV_API_TOKEN: _none, ...env } = isolatedServerEnv(dir, "unused");
  const banner = runTs("prepare-db.ts", env);
  expect(banner.status, banner.stderr).toBe(0);
  expect(banner.stdout).toContain(`jev: no skills found yet (looked in ${path.join(env.HERMES_HOME, "skills")}, ${path.join(env.HOME, ".claude", "skills")}`);
  expect(banner.stdout).toContain("npm run demo");
  const token = /export JEV_API_TOKEN=(\S+)/.exec(banner.stdout)?.[1];
  expect(token).toBeTruthy();
  const tryIt = JSON.parse(/-d '(\{.*\})'/.exec(banner.stdout)?.[1] ?? "{}");
  expect(tryIt.turn).toBeTruthy();

  server = await startServer(PORT, env);
  const ask = async () => (await request.post(`${base}/api/pick-skill`, { headers: { authorization: `Bearer ${token}` }, data: tryIt })).json();
  expect(await ask()).toMatchObject({ status: "fail_open", reason: "no_skills" });

  const demo = runTs("demo.ts", env);
  expect(demo.status, demo.stderr).toBe(0);
  await expect.poll(async () => (await ask()).skills?.[0]?.name, { timeout: 10_000, intervals: [500] }).toBe("pdf-tools");
  const reply = await ask();
  expect(reply.skills[0].match).toBeGreaterThanOrEqual(0.5);

  // The dashboard shows the skills it now ranks, marked as demo data.
  await page.goto(`${base}/skills`);
  await expect(page.getByText("pdf-tools").first()).toBeVisible();
});
