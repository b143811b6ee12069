import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * First run on an empty database: a user loads the demo from the Overview,
 * finds rule 2 at work on Suppression, replays the demo week, and removes the
 * demo again. A server of its own, so the other specs' rows do not count as real.
 */
const PORT = 3195;
const dir = path.resolve(".tmp/e2e-demo");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "home"), { recursive: true });
  const env = { JEV_DB: path.join(dir, "jev.db"), JEV_API_TOKEN: "demo-token-not-secret", HERMES_HOME: path.join(dir, "hermes"), HOME: path.join(dir, "home") };
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
});

test("load the demo, see suppression, replay the demo week, remove the demo", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/`);
  await expect(page.getByText("No decisions in the last 7 days.")).toBeVisible();
  await page.getByRole("button", { name: "Load demo data" }).click();
  // The page refreshes into its populated state, which says the demo is there and offers to remove it.
  await expect(page.getByTestId("demo-note")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/\d+ decisions in the last 7 days/)).toBeVisible();

  await page.goto(`${base}/suppression`);
  await expect(page.getByTestId("suppression-table")).toBeVisible();
  expect(
    Number(await page.getByTestId("state-suppressed").locator(".stat-value").textContent()) +
      Number(await page.getByTestId("state-retrying").locator(".stat-value").textContent()),
  ).toBeGreaterThan(0);

  await page.goto(`${base}/replay`);
  await expect(page.getByTestId("replay-empty")).toBeVisible();
  // Stricter than live: the demo's live rules already removed what min 5 / 10% / 6 h would; a day between retries removes more.
  await page.getByLabel("retry hours").fill("24");
  await page.getByLabel("max load ratio").fill("0.3");
  await page.getByRole("button", { name: "Replay my last 7 days" }).click();
  await expect(page).toHaveURL(/run=\d+/);
  await expect(page.getByTestId("before-after")).toBeVisible();
  const [recorded, replayed] = (await page.getByTestId("before-after").locator("tbody tr").first().locator("td.num").allTextContents()).map(Number);
  expect(recorded).toBeGreaterThan(50);
  expect(replayed).toBeLessThan(recorded);

  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Remove demo data" }).click();
  // The page refreshes into its empty state again (the button's own message goes with the old state).
  await expect(page.getByText("No decisions in the last 7 days.")).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByText("No decisions in the last 7 days.")).toBeVisible();
});
