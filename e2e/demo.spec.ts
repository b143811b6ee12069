import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { replayLine } from "../lib/replay/log-line";
import { syntheticLog } from "../lib/replay/synthetic-log";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";
import { ReplayPage } from "./pages/replay-page";
import { answerTokenPrompts } from "./support/api-token";

/**
 * First run on an empty database: a user loads the demo from the Overview,
 * finds rule 2 at work on Suppression, replays its last week, sweeps the
 * synthetic demo week and compares two runs, uploads a log, and removes the
 * demo again. A server of its own, so the other specs' rows do not count as real.
 */
const TOKEN = "demo-token-not-secret";
const PORT = 3195;
const dir = path.resolve(".tmp/e2e-demo");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = isolatedServerEnv(dir, TOKEN);
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
});

test("load the demo, see suppression, replay, sweep, compare and upload, remove the demo", async ({ page }) => {
  test.setTimeout(120_000);
  await answerTokenPrompts(page, TOKEN);
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

  const replay = new ReplayPage(page, base, TOKEN);
  await replay.open();
  await expect(page.getByTestId("replay-empty")).toBeVisible();
  // Stricter than live: the demo's live rules already removed what min 5 / 10% / 6 h would; a day between retries removes more.
  await replay.setRule("retry hours", "24");
  await replay.setRule("max load ratio", "0.3");
  await replay.start();
  const [recorded, replayed] = await replay.suggestions();
  expect(recorded).toBeGreaterThan(50);
  expect(replayed).toBeLessThan(recorded);

  // The demo week over a grid: the sweep chart with its frontier, each point's rules on hover.
  await replay.open();
  await replay.chooseSource("demo");
  await replay.sweep({ "min shown": "3, 5, 8", "window days": "14", "max load ratio": "0.05, 0.1, 0.2", "retry hours": "6, 24" });
  const swept = await replay.start("Start sweep");
  await expect(replay.sweepChart).toBeVisible();
  await expect(page.getByText("Sweep: 36 settings")).toBeVisible(); // 3 × 1 × 3 × 2, × rule 1 on and off
  const frontierRows = page.getByTestId("frontier").locator("tbody tr");
  expect(await frontierRows.count()).toBeGreaterThan(1);
  await replay.sweepChart.locator(".recharts-scatter-symbol").last().hover();
  await expect(page.getByTestId("sweep-tooltip")).toContainText(/rule 1 (on|off); rule 2 min \d/);

  // The same week with rule 2 off, then both side by side.
  await replay.open();
  await replay.chooseSource("demo");
  await page.getByRole("checkbox", { name: "rule 2", exact: true }).uncheck();
  const ruleTwoOff = await replay.start();
  await replay.compare(swept, ruleTwoOff);
  await expect(page.getByTestId("compare")).toContainText("same log");
  await expect(page.getByTestId("compare-skills")).toBeVisible();

  // A log of about 10 MB uploaded from the page: sent in pieces, replayed in the background.
  const log = path.join(dir, "month.jsonl");
  const lines: string[] = [];
  for (const e of syntheticLog({ events: 110_000, skills: 120, sessions: 6_000, days: 30, start: Date.parse("2026-10-01T00:00:00Z") }))
    lines.push(replayLine(e));
  fs.writeFileSync(log, `${lines.join("\n")}\n`);
  await replay.open();
  await replay.chooseSource("upload");
  await page.getByLabel("Replay log file").setInputFiles(log);
  const uploaded = await replay.start();
  await expect(page.getByRole("region", { name: `Run ${uploaded}` })).toContainText("uploaded log, 110,000 events");

  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Remove demo data" }).click();
  // The page refreshes into its empty state again (the button's own message goes with the old state).
  await expect(page.getByText("No decisions in the last 7 days.")).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByText("No decisions in the last 7 days.")).toBeVisible();
});
