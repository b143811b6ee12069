import { expect, test } from "@playwright/test";
import { authHeaders } from "./support/env";

test("the Replay page replays the last 7 days under edited rules and shows the before/after table and the runs", async ({ page, request }) => {
  // A skill shown four times to a client that reports loads, never loaded: rule 2 with min 3 removes the fourth.
  const turn = "write a changelog entry for this release";
  for (let i = 0; i < 4; i++) await request.post("/api/pick-skill", { data: { turn, session_id: `replay-page-${i}`, feedback: true }, headers: authHeaders });

  await page.goto("/replay");
  await expect(page.getByRole("heading", { name: "Replay", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Replay" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("min shown")).toHaveValue("5"); // the form starts from the live rules
  await page.getByLabel("min shown").fill("3");
  await page.getByRole("button", { name: "Replay my last 7 days" }).click();
  await expect(page).toHaveURL(/run=\d+/);
  const first = new URL(page.url()).searchParams.get("run");
  const table = page.getByTestId("before-after");
  await expect(table).toContainText("recorded");
  const [recorded, replayed] = (await table.locator("tbody tr").first().locator("td.num").allTextContents()).map(Number);
  expect(recorded).toBeGreaterThanOrEqual(4);
  expect(replayed).toBeLessThan(recorded);
  await expect(page.getByTestId("removed")).toContainText(/[1-9]\d* rejected/);
  await expect(page.getByTestId("per-skill")).toBeVisible();
  await expect(page.getByRole("heading", { name: /min 3/ })).toBeVisible();

  // A second run under the live rules; both are listed and each opens.
  await page.getByLabel("min shown").fill("5");
  await page.getByRole("button", { name: "Replay my last 7 days" }).click();
  await expect(page.getByRole("heading", { name: /min 5/ })).toBeVisible();
  const second = new URL(page.url()).searchParams.get("run");
  expect(second).not.toBe(first);
  const runs = page.getByTestId("runs");
  await expect(runs.getByRole("link", { name: `Run ${second}`, exact: true })).toBeVisible();
  await runs.getByRole("link", { name: `Run ${first}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: /min 3/ })).toBeVisible();
});
